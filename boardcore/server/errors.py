"""The one error the server's handlers raise on purpose.

Everything a client can get wrong (a malformed body, an unknown game, a wrong
token, an answer out of turn) becomes an :class:`ApiError`, which the app turns
into a JSON response ``{"error": message}`` with its status. Anything else
reaching the app is a bug: it is logged and answered with a 500 that says
nothing about the match.
"""

from __future__ import annotations


class ApiError(Exception):
    """A request the server refuses: ``status`` is the HTTP status (a 4xx, or 503
    when the server cannot serve that match or store that answer), the message
    says why in a sentence meant for the person or program that sent it."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers
        """Extra response headers: ``Connection: close`` after a body that was not
        read to its end, ``Retry-After`` for a 503 that may pass."""

