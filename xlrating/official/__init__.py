"""The federations' official rating lists: their files read, kept in a local store, looked up.

FIDE, US Chess and the Irish Chess Union publish their players' ratings as downloadable
list files. This package reads those files (streamed, a row at a time), keeps every list
by system, kind and date in a local SQLite store, and answers the one question a
tournament director asks of them: *what did the list in force on this date say about these
players?* (:class:`~xlrating.official.model.PlayerSource`).
"""

from .model import ListedPlayer, ListInfo, PlayerSource

__all__ = ["ListInfo", "ListedPlayer", "PlayerSource"]
