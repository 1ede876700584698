"""The login throttle's page (django-axes' lockout): the site's page, in the
reader's language, with a title and ``lang``, saying how long to wait."""
from django.test import Client, override_settings

from .rendered_forms import open_form

LOGIN = "/accounts/login/"


def locked_out(language="en"):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    for i in range(5):
        open_form(client, LOGIN).form(has="username").update(username="ann", password=f"wrong-{i}").submit(client)
    return open_form(client, LOGIN).form(has="username").update(username="ann", password="wrong-5").submit(client)


def text(html, testid):
    start = html.index(f'data-testid="{testid}">') + len(f'data-testid="{testid}">')
    return html[start:html.index("</p>", start)]


@override_settings(AXES_ENABLED=True)
def test_the_locked_out_page_says_how_long_to_wait(db):
    response = locked_out()
    html = response.content.decode()
    assert response.status_code == 429
    assert "<title>Too many attempts · Clubtally</title>" in html and '<html lang="en">' in html
    assert text(html, "locked-out") == ("This account cannot log in from here for 15 minutes: too many wrong "
                                        "passwords were typed. Wait, then try again.")


@override_settings(AXES_ENABLED=True)
def test_the_locked_out_page_is_in_the_readers_language(db):
    html = locked_out("th").content.decode()
    assert '<html lang="th">' in html
    assert text(html, "locked-out") == ("บัญชีนี้เข้าสู่ระบบจากที่นี่ไม่ได้เป็นเวลา 15 นาที เพราะพิมพ์รหัสผ่านผิดหลายครั้งเกินไป "
                                        "รอสักครู่แล้วลองอีกครั้ง")


@override_settings(AXES_ENABLED=True, AXES_COOLOFF_TIME=__import__("datetime").timedelta(seconds=30))
def test_a_wait_under_a_minute_reads_one_minute(db):
    assert text(locked_out().content.decode(), "locked-out").startswith(
        "This account cannot log in from here for 1 minute:")
