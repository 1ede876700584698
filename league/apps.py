from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Club scorebook")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db.models.signals import post_init

        from league.games.registry import autodiscover
        from league.middleware import club_loaded
        from league.models import Club

        post_init.connect(club_loaded, sender=Club, dispatch_uid="league.club_language")
        autodiscover()  # every kind module of settings.CLUBTALLY_GAME_KINDS registers its kinds
