"""The shapes of the server's JSON replies, declared once: the OpenAPI document is
made from them (``openapi.body_schema``) and the API tests check every reply the
server sends against that document, so neither can drift from what is sent.

A field's description is its ``Annotated`` text; a key a reply may leave out is
``NotRequired`` (so that TypedDict sees it, this module does not postpone its annotations).
"""


from typing import Annotated, Any, NotRequired, TypedDict


class Error(TypedDict):
    error: Annotated[str, "what was refused and why"]


class Health(TypedDict):
    ok: bool
    matches: Annotated[int, "matches in memory"]
    loading: Annotated[int, "stored matches still being verified"]
    unloadable: Annotated[int, "stored matches that could not be verified, left untouched"]


class OptionInfo(TypedDict):
    name: str
    default: Any
    choices: list[Any] | None
    help: str
    sides: Annotated[
        list[dict[str, Any]] | None,
        "for an option that decides who plays which side: each value with the side of every seat it gives "
        '({"value": V, "sides": [...]}); null for other options',
    ]


class Named(TypedDict):
    name: str
    summary: str


class Game(TypedDict):
    name: str
    title: Annotated[str, 'the name for people ("A Game of the North")']
    summary: str
    player_counts: list[int]
    board: Annotated[bool, "whether the game is played on a square grid"]
    options: list[OptionInfo]
    plugins: list[Named]


class Games(TypedDict):
    games: list[Game]
    bots: list[Named]


class SeatInfo(TypedDict):
    seat: int
    name: str
    side: Annotated[str | None, "the side the seat plays, if the game names one"]
    bot: str | None
    open: bool


class Links(TypedDict):
    page: str
    watch: str
    replay: str


class Match(TypedDict):
    """what anyone may know of a match"""

    id: str
    game: str
    title: str
    plugins: list[str]
    players: int
    seats: list[SeatInfo]
    version: Annotated[int, "answers accepted so far"]
    turn: int
    over: bool
    winners: list[int] | None
    reason: str | None
    problem: Annotated[str | None, "why the server's bots stopped, if they did"]
    created: Annotated[float, "when the match was made, in seconds since 1970"]
    links: NotRequired[Annotated[Links, "its pages (not in the lobby's list)"]]


class Lobby(TypedDict):
    matches: Annotated[list[Match], "the newest first"]


class Joined(TypedDict):
    seat: int
    token: Annotated[str, "the seat's secret: sent this once, never stored by the server"]
    play: Annotated[str, "the page for this seat"]
    match: Match


class Seating(TypedDict):
    names: list[str]
    sides: list[str | None]
    who: Annotated[list[str], "how sentences call each seat"]


class OptionShown(TypedDict):
    index: int
    text: str
    card: Annotated[str | None, "the card on your table the option plays or picks"]
    squares: Annotated[list[str], "the squares it names, in order"]


class DecisionShown(TypedDict):
    prompt: str
    secret: bool
    options: list[OptionShown]
    unplayable: Annotated[list[str], "your cards no option can use now"]


Told = TypedDict(  # "from" is a Python keyword, so the functional form
    "Told",
    {
        "from": Annotated[int, "the first event told"],
        "to": Annotated[int, "pass it as 'since' to hear only what comes next"],
        "lines": Annotated[list[str], "in sentences, seats by number"],
    },
)


class SeatState(TypedDict):
    """the match as one seat (or a spectator) may see it"""

    match: str
    game: str
    title: str
    version: int
    seat: int | None
    names: list[str]
    seating: Annotated[Seating, "each seat's name, side (null where the game names none) and how sentences call it"]
    view: Annotated[dict[str, Any], "State.view(seat): zones, counters, pieces, board, decision, result"]
    legend: Annotated[dict[str, str], "the letter of each kind of piece, the same for the whole match"]
    decision: DecisionShown | None
    events: Told
    recent: Annotated[list[str], 'what happened since the seat\'s last answer, the players named ("Ann (North) chose in secret")']
    over: bool
    result: dict[str, Any] | None
    html: NotRequired[Annotated[str, "the page's table, when asked for (html=1)"]]


class ReplayStep(TypedDict):
    match: str
    step: int
    steps: Annotated[int, "answers in the match so far"]
    seat: int | None
    over: bool
    lines: Annotated[list[str], "what happened in this step"]
    html: Annotated[str, "the page's table at this step"]


REPLIES = (Error, Health, Game, Games, Match, Lobby, Joined, SeatState, ReplayStep)
"""The replies the OpenAPI document names as components."""
