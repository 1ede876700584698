from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Club scorebook")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from league.games.registry import autodiscover

        autodiscover()  # every kind module of settings.CLUBTALLY_GAME_KINDS registers its kinds
