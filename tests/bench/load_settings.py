"""Production settings plus the floor the load test measures beside every
route (``bench_load.py --nights``): ``/_floor/<pk>/`` reads one row and
renders nothing, as ``bench_main_pages.py``'s floor does."""
from config.settings.production import *  # noqa: F401,F403

ROOT_URLCONF = "tests.bench.load_urls"
