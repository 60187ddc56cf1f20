"""Remove credentials from what benchsmith writes: URLs, model addresses, headers, config values.

A model address may carry its server's credentials (``openai/m@http://u:PW@host/v1``,
``...?api_key=...``); run.json, manifests and reports record the address so a
run can be reproduced, but never the secret in it. Redaction keeps everything
else as it was (scheme, user name, host, path, other parameters), so the
recorded address still says which server was used.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

MASK = "***"

# Key names (of JSON objects and headers) whose values are secrets, compared after lower-casing
# and turning "-" into "_". "max_tokens", "tokenizer" and "sort_key" do not match.
_SECRET_KEY = re.compile(
    r"(?:^|_)(?:api_?key|apikey|access_?key|secret_?key|private_?key|secret|password|passwd|pwd|authorization|auth|"
    r"access_?token|auth_?token|refresh_?token|id_?token|api_?token|token|bearer|credentials?)$"
)
# Query parameters add the short names that web APIs use for keys and signed URLs (?key=, ?sig=).
_SECRET_PARAM = re.compile(r"^(?:key|sig|signature|code|session|x_amz_signature|x_amz_credential|x_amz_security_token)$")
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://[^\s\"'<>`]+")
# Secrets that show in free text: "Bearer abc", "Basic dXNlcjpwdw==", and well-known key prefixes.
# The credential must hold a character other than a letter, so that prose ("Basic reasoning") is left alone.
_AUTH_VALUE = re.compile(r"\b(Bearer|Basic)\s+(?=[A-Za-z]*[0-9._~+/=\-])[A-Za-z0-9._~+/=\-]{8,}")
_KEY_LIKE = re.compile(r"\b(?:sk|pk|rk)-[A-Za-z0-9_\-]{16,}|\bhf_[A-Za-z0-9]{16,}|\bgh[pousr]_[A-Za-z0-9]{20,}|\bxox[abpr]-[A-Za-z0-9\-]{10,}")


def is_secret_key(name: str) -> bool:
    """Whether a key (JSON field, header) names a secret."""
    return bool(_SECRET_KEY.search(name.strip().lower().replace("-", "_")))


def _is_secret_param(name: str) -> bool:
    norm = name.strip().lower().replace("-", "_")
    return bool(_SECRET_PARAM.match(norm)) or is_secret_key(norm)


def redact_url(url: str) -> str:
    """`url` with its password (or a lone user name, often a token) and secret query values masked.

    >>> redact_url("http://u:PW@host/v1?api_key=abc&x=1")
    'http://u:***@host/v1?api_key=***&x=1'
    """
    try:
        parts = urlsplit(url)
        _ = parts.port  # a malformed port raises here rather than later
    except ValueError:
        return _redact_free_text(url, urls=False)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, _, hostport = netloc.rpartition("@")
        user, sep, _password = userinfo.partition(":")
        netloc = f"{user}:{MASK}@{hostport}" if sep else f"{MASK}@{hostport}"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(_is_secret_param(k) for k, _ in pairs):
            query = urlencode([(k, MASK if _is_secret_param(k) else v) for k, v in pairs], safe="*")
    fragment = parts.fragment
    if fragment and "=" in fragment:  # OAuth implicit flow puts tokens in the fragment
        pairs = parse_qsl(fragment, keep_blank_values=True)
        if any(_is_secret_param(k) for k, _ in pairs):
            fragment = urlencode([(k, MASK if _is_secret_param(k) else v) for k, v in pairs], safe="*")
    if (netloc, query, fragment) == (parts.netloc, parts.query, parts.fragment):
        return url
    return urlunsplit((parts.scheme, netloc, parts.path, query, fragment))


def redact_spec(spec: str) -> str:
    """A model or system address (``provider/model@URL``, ``a+b`` combinations) with its credentials masked."""
    return _redact_free_text(spec)


def _redact_free_text(text: str, *, urls: bool = True) -> str:
    if urls:
        text = _URL.sub(lambda m: redact_url(m.group()), text)
    text = _AUTH_VALUE.sub(lambda m: f"{m.group(1)} {MASK}", text)
    return _KEY_LIKE.sub(MASK, text)


def redact_text(text: str) -> str:
    """Free text (a message, a command line) with URLs' credentials, auth values and API-key-like strings masked."""
    return _redact_free_text(text)


def redact(value: Any) -> Any:
    """A copy of a JSON-able value with every secret masked.

    Values under secret-looking keys (``api_key``, ``token``, ``Authorization``,
    ``password`` ...) become ``"***"``; every other string goes through
    :func:`redact_text`. Keys, numbers and structure are kept.
    """
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if isinstance(k, str) and is_secret_key(k) and v not in (None, "", [], {}) and not isinstance(v, bool):
                out[k] = MASK if not isinstance(v, dict | list) else redact_all(v)
            else:
                out[k] = redact(v)
        return out
    if isinstance(value, list | tuple):
        return [redact(v) for v in value]
    return value


def redact_all(value: Any) -> Any:
    """Every scalar inside `value` masked (for a whole object stored under a secret key)."""
    if isinstance(value, dict):
        return {k: redact_all(v) for k, v in value.items()}
    if isinstance(value, list):
        return [redact_all(v) for v in value]
    return MASK if value not in (None, "") else value
