"""The DRF peer's settings: production-like (DEBUG off, kept connections), read-only over our tables."""
import os

BASE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECRET_KEY = os.environ.get("PEER_SECRET_KEY", "bench-only-not-a-secret")
DEBUG = False
ALLOWED_HOSTS = ["*"]

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "rest_framework",
    "shop",
]
# No sessions, CSRF or auth middleware: token calls only, as an API-only DRF service runs.
MIDDLEWARE = ["django.middleware.common.CommonMiddleware"]
ROOT_URLCONF = "peer.urls"
WSGI_APPLICATION = "peer.wsgi.application"
USE_TZ = True
TIME_ZONE = "UTC"
APPEND_SLASH = False

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": os.environ.get("PEER_DB", "bench_peer"),
        "HOST": os.environ.get("PEER_DB_HOST", "127.0.0.1"),
        "PORT": os.environ.get("PEER_DB_PORT", "5432"),
        "USER": os.environ.get("PEER_DB_USER", "postgres"),
        # One connection per worker thread, kept between requests.
        "CONN_MAX_AGE": None,
        "CONN_HEALTH_CHECKS": False,
    }
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["shop.auth.FixedTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_PAGINATION_CLASS": "shop.pagination.Pages",
    "UNAUTHENTICATED_USER": None,
}

# The one token the peer accepts and the user it stands for (the demo admin).
PEER_TOKEN = os.environ.get("PEER_TOKEN", "peer-bench-token")
PEER_USER_EMAIL = os.environ.get("PEER_USER_EMAIL", "admin@demo.test")

LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}
