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
    "allauth",
    "allauth.account",
    "league",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django.forms",  # Django's widget templates, for the project's template engine (FORM_RENDERER)
    "api",
]

# The game kinds' modules, imported when the league app loads; each registers its kinds
# (league/games/registry.py). A new game is one more dotted path here.
CLUBTALLY_GAME_KINDS = ["league.games.pinochle.kind", "league.games.cribbage.kind", "league.games.rummy.kind"]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    # First after security: every response, the refusals of the middlewares
    # below (400 for crafted input, 403 CSRF, 429 lockout) included, carries it.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "league.middleware.CraftedInputMiddleware",
    "axes.middleware.AxesMiddleware",
    "allauth.account.middleware.AccountMiddleware",
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
AXES_CLIENT_IP_CALLABLE = "league.client_address.axes_client_address"

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

# Permissions-Policy (django-permissions-policy): the pad keeps the screen awake
# while a hand is entered (static/league/js/outbox.js); no page uses any other
# powerful feature, so each is refused, for this origin and any frame.
PERMISSIONS_POLICY = {
    "screen-wake-lock": ["self"],
    **{feature: [] for feature in (
        "accelerometer", "autoplay", "camera", "display-capture", "encrypted-media", "fullscreen",
        "geolocation", "gyroscope", "magnetometer", "microphone", "midi", "payment", "usb")},
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
                "league.context_processors.release",
            ],
        },
    },
]

# Forms render through the project's template engine (its cached loader), so a
# widget may name a template of the project's own (templates/league/widgets/).
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

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
LANGUAGE_COOKIE_SAMESITE = "Lax"  # Secure too under the production settings
LANGUAGE_COOKIE_HTTPONLY = True  # no script reads it (the menu posts to set_language)
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# The deployed release: part of every page fragment's cache key and of the
# polled pages' ETags, so a new release never serves a page drawn by the last
# one, and every server of one release agrees. Set it to the release's commit
# (CLUBTALLY_RELEASE=$(git rev-parse --short HEAD)) when deploying from a checkout.
try:
    from importlib.metadata import version as _version

    _PACKAGE_VERSION = _version("clubtally")
except Exception:  # not installed (a bare checkout)
    _PACKAGE_VERSION = "0"
CLUBTALLY_RELEASE = os.environ.get("CLUBTALLY_RELEASE", "").strip() or _PACKAGE_VERSION

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

# Sign-up with email confirmation (django-allauth's account app; only its
# sign-up and confirmation views are routed, config/urls.py): a new account
# gives an email, a username and a password, and logs in once the mailed link
# is followed. The login stays Django's own view, which refuses an account
# whose address is not confirmed yet (league/forms/accounts.py). allauth keeps
# its copy of each address lowercased, so they compare case-insensitively and
# one address holds one account; the account's own address is stored as
# given (league.forms.accounts.SignupForm). Sign-ups are throttled per address like logins: 5 in
# 15 minutes from one IP (then HTTP 429).
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_FORMS = {"signup": "league.forms.accounts.SignupForm"}
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False  # the link opens a page with a button: mail scanners follow links
ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS = 3
ACCOUNT_EMAIL_SUBJECT_PREFIX = "Clubtally: "
ACCOUNT_EMAIL_CONFIRMATION_ANONYMOUS_REDIRECT_URL = "login"
ACCOUNT_EMAIL_CONFIRMATION_AUTHENTICATED_REDIRECT_URL = "league:home"
ACCOUNT_SIGNUP_REDIRECT_URL = "league:home"
ACCOUNT_RATE_LIMITS = {"signup": "5/15m/ip"}

# The address printed links and QR codes use (e.g. http://192.168.1.20:8000);
# empty: the request's own host.
CLUBTALLY_PUBLIC_URL = os.environ.get("CLUBTALLY_PUBLIC_URL", "").strip().rstrip("/")

# The JSON API under /api/v1/ (api/, docs/api.md): Django REST framework, its
# schema by drf-spectacular. Throttles count in the cache (Redis when
# CLUBTALLY_REDIS_URL is set): per address for anonymous requests, per account
# (a personal token acts as its account), and per table link for a table's device.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["api.authentication.BearerTokenAuthentication",  # personal API tokens
                                       "rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser", "rest_framework.parsers.FormParser"],
    "DEFAULT_METADATA_CLASS": "api.metadata.Metadata",
    "DEFAULT_PAGINATION_CLASS": "api.pagination.Cursor",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_CLASSES": ["rest_framework.throttling.AnonRateThrottle",
                                 "rest_framework.throttling.UserRateThrottle", "api.throttling.TableLinkThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("CLUBTALLY_API_ANON_RATE", "1200/minute"),  # a hall's phones share one address
        "user": os.environ.get("CLUBTALLY_API_USER_RATE", "1200/minute"),
        "table": os.environ.get("CLUBTALLY_API_TABLE_RATE", "240/minute"),
    },
    # the address a throttle counts: the connection's, unless the deploy names how many
    # reverse proxies append to X-Forwarded-For (a client's own header is not believed)
    "NUM_PROXIES": int(os.environ.get("CLUBTALLY_API_PROXIES", "0")),
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
}
# refusals under /api/ answered before its views (crafted input, no such route) are JSON too
MIDDLEWARE.insert(MIDDLEWARE.index("league.middleware.CraftedInputMiddleware"), "api.middleware.JsonRefusalMiddleware")
SPECTACULAR_SETTINGS = {
    "TITLE": "Clubtally API",
    "DESCRIPTION": "What a club publishes, and entries from its tables' devices (docs/api.md).",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

# Development and tests serve static files through the finders; only a
# production deploy runs collectstatic into STATIC_ROOT.
WHITENOISE_USE_FINDERS = True
warnings.filterwarnings("ignore", message="No directory at")
