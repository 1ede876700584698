# The wave's four branches each added a 0012 on 0011_club_invites: the outbox's
# client digest, the club's accounts and roles, the events, the trail's chain.
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("league", "0012_club_accounts"),
        ("league", "0012_outbox_client_digest"),
        ("league", "0012_tournament_events"),
        ("league", "0012_trust_revision_chain"),
    ]

    operations = []
