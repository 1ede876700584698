"""Development on one machine: DEBUG on, SQLite unless DATABASE_URL says otherwise."""
from .base import *  # noqa: F401,F403

DEBUG = True
from config.hall import allowed_hosts, printed_url  # noqa: E402

# HOST=0.0.0.0 make run: also the laptop's LAN address (config/hall.py)
ALLOWED_HOSTS = allowed_hosts()
# ... and printed links and QR codes name it, not 127.0.0.1 (CLUBTALLY_PUBLIC_URL wins)
CLUBTALLY_PUBLIC_URL = printed_url()
