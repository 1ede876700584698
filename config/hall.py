"""The hall network: which address phones on the club's wifi should use.

``python -m config.hall`` (run by ``make run``) prints it; the local settings
use :func:`allowed_hosts` so a server started with ``HOST=0.0.0.0`` accepts
requests that name the laptop's LAN address (and the public address, when
``CLUBTALLY_PUBLIC_URL`` is set), and :func:`printed_url` so that printed
links and QR codes name that LAN address even when the organizer's own
browser is on ``127.0.0.1``. No Django imports here."""
import os
import socket
from urllib.parse import urlsplit

LOCAL = ["127.0.0.1", "localhost", "[::1]"]


def lan_address() -> str | None:
    """This computer's address on the local network (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


def public_url() -> str:
    return os.environ.get("CLUBTALLY_PUBLIC_URL", "").strip().rstrip("/")


def listens_on_the_lan(host: str) -> bool:
    return host in ("0.0.0.0", "::")


def printed_url(host: str | None = None, port: str | None = None) -> str:
    """The base printed links and QR codes use: ``CLUBTALLY_PUBLIC_URL`` when
    set; else, for a server started with ``HOST=0.0.0.0``, the LAN address
    :func:`main` prints (``http://192.168.1.20:8000``), so a sheet printed
    from the laptop's own browser at ``127.0.0.1`` does not send phones to
    loopback; else empty (each request's own host)."""
    host = host if host is not None else os.environ.get("HOST", "")
    port = port if port is not None else os.environ.get("PORT", "8000")
    if public_url():
        return public_url()
    lan = lan_address() if listens_on_the_lan(host) else None
    return f"http://{lan}:{port}" if lan else ""


def allowed_hosts(host: str | None = None) -> list[str]:
    hosts = list(LOCAL)
    host = host if host is not None else os.environ.get("HOST", "")
    if listens_on_the_lan(host):
        lan = lan_address()
        hosts += [h for h in (lan, socket.gethostname(), f"{socket.gethostname()}.local") if h]
    elif host and host not in hosts:
        hosts.append(host)
    if public_url():
        hosts.append(urlsplit(public_url()).hostname or "")
    hosts += [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h]
    return [h for h in dict.fromkeys(hosts) if h]


def main() -> None:
    host, port = os.environ.get("HOST", "127.0.0.1"), os.environ.get("PORT", "8000")
    if public_url():
        print(f"Phones in the hall: {public_url()}/  (CLUBTALLY_PUBLIC_URL; printed QR codes use it)")
    elif listens_on_the_lan(host) and lan_address():
        print(f"Phones in the hall: {printed_url(host, port)}/  (same wifi as this computer; printed QR codes use it)")
    else:
        print(f"Only this computer reaches http://{host}:{port}/ ; for phones: HOST=0.0.0.0 make run")


if __name__ == "__main__":
    main()
