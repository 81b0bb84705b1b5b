"""The SMTP server's side of the turn mails (issue 34): ``kartentisch serve --smtp URL`` parsed
(:func:`parse_smtp`), a mail sent (:func:`send_mail`) and whether the server takes internationalised addresses
(:func:`offers_smtputf8`).

``smtp://user@host:587`` uses STARTTLS, ``smtps://user@host:465`` TLS from the start, ``smtp+plain://host:25``
neither; the sender is ``?from=``; the password comes from the environment variable :data:`PASSWORD_ENV`, never the
command line. Python's :mod:`smtplib` does the work (blocking: callers run it in a thread): one mail per turn is a
trickle, and the standard library needs no dependency.
"""

from __future__ import annotations

import email.utils
import os
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, urlsplit

#: The environment variable holding the SMTP password (never on the command line, where ``ps`` shows it).
PASSWORD_ENV = "KARTENTISCH_SMTP_PASSWORD"
#: Seconds the SMTP connection may take per step.
SMTP_TIMEOUT = 20.0


@dataclass(frozen=True)
class SmtpConfig:
    """Where mail goes: host, port, ``security`` (``starttls``, ``tls`` or ``plain``), the user (``None``: no
    login), the password (from :data:`PASSWORD_ENV`) and the sender's address."""

    host: str
    port: int
    security: str
    user: str | None
    password: str | None
    sender: str


def parse_smtp(url: str, environ: dict[str, str] | None = None) -> SmtpConfig:
    """The :class:`SmtpConfig` of ``--smtp URL`` (see the module); ``environ``: where the password is read
    (default ``os.environ``).

    Raises:
        ValueError: an unknown scheme, no host, a password in the URL, or a user without :data:`PASSWORD_ENV`.
    """
    parts = urlsplit(url)
    schemes = {"smtp": ("starttls", 587), "smtps": ("tls", 465), "smtp+plain": ("plain", 25)}
    if parts.scheme not in schemes:
        raise ValueError(f"--smtp {parts.scheme!r}: the URL starts with smtp:// (STARTTLS), smtps:// (TLS) or "
                         "smtp+plain:// (no encryption)")
    if not parts.hostname:
        raise ValueError("--smtp names no host, e.g. smtp://user@mail.example.org:587")
    if parts.password is not None:
        raise ValueError(f"--smtp carries a password: give it in the environment variable {PASSWORD_ENV} instead "
                         "(a command line is visible to every user of the machine)")
    env = os.environ if environ is None else environ
    password = env.get(PASSWORD_ENV)
    if parts.username and not password:
        raise ValueError(f"--smtp logs in as {parts.username!r}: set its password in {PASSWORD_ENV}")
    security, port = schemes[parts.scheme]
    sender = parse_qs(parts.query).get("from", [f"kartentisch@{parts.hostname}"])[0]
    return SmtpConfig(parts.hostname, parts.port or port, security, parts.username or None, password, sender)


def send_mail(config: SmtpConfig, message: EmailMessage) -> None:
    """Send ``message`` through ``config``'s server (blocking: run it in a thread). Raises OSError or
    :class:`smtplib.SMTPException` when the server cannot be reached or refuses it."""
    message["From"] = config.sender
    # RFC 5322 requires Date; mail filters mark a message without Date or Message-ID as likely spam
    message["Date"] = email.utils.formatdate(localtime=False)
    message["Message-ID"] = email.utils.make_msgid(domain=config.sender.rpartition("@")[2] or None)
    with _session(config) as smtp:
        if config.user:
            smtp.login(config.user, config.password or "")
        smtp.send_message(message)


def _session(config: SmtpConfig) -> smtplib.SMTP:
    """A connection to ``config``'s server, encrypted as configured (blocking)."""
    context = ssl.create_default_context()
    if config.security == "tls":
        return smtplib.SMTP_SSL(config.host, config.port, timeout=SMTP_TIMEOUT, context=context)
    smtp = smtplib.SMTP(config.host, config.port, timeout=SMTP_TIMEOUT)
    if config.security == "starttls":
        try:
            smtp.starttls(context=context)
        except BaseException:
            smtp.close()
            raise
    return smtp


def offers_smtputf8(config: SmtpConfig) -> bool:
    """Whether ``config``'s server offers SMTPUTF8 (RFC 6531: its EHLO reply after the configured encryption), which
    a mail to an address with a non-ASCII name before the ``@`` needs (blocking: run it in a thread). Raises OSError or
    :class:`smtplib.SMTPException` when the server cannot be reached."""
    with _session(config) as smtp:
        smtp.ehlo_or_helo_if_needed()
        return smtp.has_extn("smtputf8")
