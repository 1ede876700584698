"""Settings shared by every environment. Environment-specific values come from
the environment (``DATABASE_URL``, ``DJANGO_SECRET_KEY``, ``DJANGO_ALLOWED_HOSTS``)."""
import os
import warnings
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key-change-me")
DEBUG = False
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "axes",
    "league",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # First after security: every response, the refusals of the middlewares
    # below (400 for crafted input, 403 CSRF, 429 lockout) included, carries it.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "league.middleware.ClubLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "league.middleware.CraftedInputMiddleware",
    "axes.middleware.AxesMiddleware",
    "league.outbox.OutboxMiddleware",
    "league.conditional.ConditionalPollMiddleware",  # 304 for polled pages (league/conditional.py)
]

# Login throttling (django-axes): after 5 wrong passwords for one username
# from one address, that pair is refused for 15 minutes (HTTP 429).
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = __import__("datetime").timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_HTTP_RESPONSE_CODE = 429
AXES_LOCKOUT_CALLABLE = "league.views.errors.locked_out"  # the site's page, saying how long to wait
# The client's address behind a reverse proxy (league/client_address.py): the
# number of proxies in front of the site (default 0: none) and the addresses
# they connect from; X-Forwarded-For is read only from those. The login
# throttle and the casual-game limit both count this address.
CLUBTALLY_PROXY_COUNT = int(os.environ.get("CLUBTALLY_PROXY_COUNT", "0") or 0)
CLUBTALLY_PROXY_ADDRESSES = [a.strip() for a in
                             os.environ.get("CLUBTALLY_PROXY_ADDRESSES", "127.0.0.1,::1").split(",") if a.strip()]
AXES_CLIENT_IP_CALLABLE = "league.client_address.client_address"

# Content-Security-Policy (django-csp): scripts only from our own static
# files, no inline script or handler; styles allow the board's inline widths.
from csp.constants import NONE, SELF  # noqa: E402

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF], "script-src": [SELF], "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"], "font-src": [SELF], "connect-src": [SELF], "object-src": [NONE],
        "base-uri": [SELF], "form-action": [SELF], "frame-ancestors": [NONE],
    },
}

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite has no row locks (select_for_update is a no-op): IMMEDIATE makes every
    # write transaction take the database's write lock at BEGIN, so two phones
    # entering the same hand are serialised, and the second sees the first's hand.
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache (standings, page fragments, rate limits): each process's own
# memory by default (``make run``); CLUBTALLY_REDIS_URL (redis://host:port/db)
# shares one Redis between every worker and server (docs/performance.md).
# The limits (casual games an address starts in an hour) live in the "limits"
# cache: the same Redis, or without it the database's cache table
# (``manage.py createcachetable``), so every worker and server counts together.
CLUBTALLY_REDIS_URL = os.environ.get("CLUBTALLY_REDIS_URL", "").strip()
if CLUBTALLY_REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": CLUBTALLY_REDIS_URL, "KEY_PREFIX": "clubtally"},
              "limits": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                         "LOCATION": CLUBTALLY_REDIS_URL, "KEY_PREFIX": "clubtally-limits"}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
              "limits": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "clubtally_limits"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("zh-hans", _("Simplified Chinese")),
    ("zh-hant", _("Traditional Chinese")),
    ("th", _("Thai")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The header's language switcher (Django's set_language) remembers the choice
# on the device for a year; config/formats/ holds the dates and numbers of
# the Chinese and Thai locales.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "league:home"

# Email (password reset): printed to the console unless settings say otherwise
# (config/settings/production.py reads SMTP from the environment; README).
EMAIL_BACKEND = os.environ.get("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "Clubtally <clubtally@localhost>")
LOGOUT_REDIRECT_URL = "league:home"

# The address printed links and QR codes use (e.g. http://192.168.1.20:8000);
# empty: the request's own host.
CLUBTALLY_PUBLIC_URL = os.environ.get("CLUBTALLY_PUBLIC_URL", "").strip().rstrip("/")

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

# Development and tests serve static files through the finders; only a
# production deploy runs collectstatic into STATIC_ROOT.
WHITENOISE_USE_FINDERS = True
warnings.filterwarnings("ignore", message="No directory at")
