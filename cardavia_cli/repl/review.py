"""How a review (:mod:`cardavia_cli.engine.review`) is shown: rich renderables for
``cardavia review`` and the REPL's ``review`` (never printed here), and the position of a
decision as plain text for ``--json``.

Every position is drawn from the reviewed seat's view at that decision, with the game's own
renderer (:meth:`~cardavia_cli.engine.ui.GameUI.status`): only what the player could see then.
"""

from __future__ import annotations

import io
import math
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from cardavia_cli.engine.i18n import NP_, _, ngettext, pgettext
from cardavia_cli.engine.review import HUMAN, Decision, Played, Review
from cardavia_cli.engine.search import WIN_CHANCE
from cardavia_cli.engine.ui import GameUI

#: The marks of a decision as they are said (the English mark names stay in the JSON).
MARK_WORDS: dict[str, str] = {
    "good": NP_("review mark", "good"),
    "inaccuracy": NP_("review mark", "inaccuracy"),
    "mistake": NP_("review mark", "mistake"),
    "blunder": NP_("review mark", "blunder"),
}
#: The style of each mark.
MARK_STYLES: dict[str, str] = {
    "good": "green",
    "inaccuracy": "yellow",
    "mistake": "bold dark_orange",
    "blunder": "bold red",
}
#: How wide the position of a decision is drawn in ``--json``.
POSITION_WIDTH = 100


def mark_word(mark: str) -> str:
    """The word of ``mark`` in the language spoken now."""
    return pgettext("review mark", MARK_WORDS[mark])


def percent(x: float) -> str:
    """``0.634`` as ``63%``."""
    return f"{100 * x:.0f}%"


def _loss(x: float) -> str:
    """A loss (0 to 1) as a whole percentage, positive as in ``--json``, rounded down so that
    it never reaches a mark's threshold the loss does not (:data:`~.review.THRESHOLDS`, whole
    percentages): ``0.094`` and ``0.0968`` are ``9%`` (an inaccuracy, not yet a mistake)."""
    return f"{math.floor(100 * x + 1e-9):.0f}%"


def position_text(ui: GameUI, decision: Decision) -> str:
    """The position of ``decision`` as the seat saw it, as plain text (no colour, no
    frames' styles), for ``--json``."""
    out = Console(
        file=io.StringIO(),
        width=POSITION_WIDTH,
        color_system=None,
        force_terminal=False,
        no_color=True,
        legacy_windows=False,
    )
    out.print(ui.status(decision.view))
    text = out.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n")


def review_renderables(
    review: Review, ui: GameUI, title: str, *, frame: Any = None, replays: bool = True
) -> list[RenderableType]:
    """The review as it is shown: a heading, one row per decision, the marks, the three
    costliest moments with their positions and options, and the replays. ``title`` names
    the game; ``frame`` is the tables' box (``None`` off a terminal); ``replays``: whether
    they were asked for (without them, not a word of them)."""
    out: list[RenderableType] = [_heading(review, title)]
    if not review.decisions:
        out.append(Text(_("There is no decision of yours to review yet.")))
    else:
        out.append(Text(_("Estimates: {unit}.").format(unit=_(review.unit)), style="dim"))
        out.append(_decisions_table(review, ui, frame))
        out.append(_marks_line(review))
        out.extend(_costliest(review, ui, frame))
    if replays:
        out.extend(_replays(review, ui, frame))
    return out


def _heading(review: Review, title: str) -> Text:
    n = len(review.decisions)
    sampled = ngettext(
        "{samples} sampled deal of the hidden cards each",
        "{samples} sampled deals of the hidden cards each",
        review.samples,
    ).format(samples=review.samples)
    line = ngettext(
        # TRANSLATORS: {sampled} is "16 sampled deals of the hidden cards each".
        "[bold]Review of {title}[/bold]: {n} decision of yours, by strong's search over {sampled}",
        "[bold]Review of {title}[/bold]: {n} decisions of yours, by strong's search over {sampled}",
        n,
    ).format(title=title, n=n, sampled=sampled)
    text = Text.from_markup(line)
    if review.start > 1:
        text.append(" ")
        text.append(
            _("(from decision {start} of {total})").format(start=review.start, total=review.total)
        )
    if review.skipped:
        text.append("; ")
        text.append(
            ngettext(
                "{n} answer skipped (forced, or given by the rules)",
                "{n} answers skipped (forced, or given by the rules)",
                review.skipped,
            ).format(n=review.skipped)
        )
    if review.auto:
        text.append("; ")
        text.append(
            ngettext(
                "{n} move made by auto left out (not yours)",
                "{n} moves made by auto left out (not yours)",
                review.auto,
            ).format(n=review.auto)
        )
    if not review.finished:
        text.append("; ")
        text.append(_("the game is not over: what has been played so far"))
    text.append(".")
    return text


def _mark_text(mark: str, within_noise: bool = False) -> Text:
    if within_noise:
        # TRANSLATORS: the mark column of the review: the loss reaches a mark, but the
        # search's noise is as large, so no mark is given
        return Text(pgettext("review mark", "good, within noise"), style="dim green")
    return Text(mark_word(mark), style=MARK_STYLES[mark])


def _decisions_table(review: Review, ui: GameUI, frame: Any) -> Table:
    table = Table(box=frame)
    table.add_column("#", justify="right")
    if ui.has_breaks:
        # TRANSLATORS: a column of the review: the round (Cuccu) or deal (Guandan) of a
        # match a decision is in
        word = _("deal") if ui.breaks_between_deals else _("round")
        table.add_column(word, justify="right")
    # TRANSLATORS: a column of the review: the decision point (claim, discard, follow, ...)
    table.add_column(_("phase"))
    table.add_column(_("your move"))
    table.add_column(_("yours"), justify="right")
    table.add_column(_("strong's move"))
    table.add_column(_("strong's"), justify="right")
    table.add_column(_("loss"), justify="right")
    table.add_column(_("mark"))
    for d in review.decisions:
        same = d.best == d.played
        row: list[RenderableType] = [str(d.index)]
        if ui.has_breaks:
            row.append(str(d.round))
        row += [
            pgettext("phase", d.phase),
            Text(str(d.played)),
            percent(d.option(d.played).estimate),
            Text("=" if same else str(d.best), style="dim" if same else ""),
            percent(d.option(d.best).estimate),
            _loss(d.loss),
            _mark_text(d.mark, d.within_noise),
        ]
        table.add_row(*row)
    return table


def _marks_line(review: Review) -> Text:
    counts = review.marks()
    line = Text()
    for i, mark in enumerate(counts):
        if i:
            line.append(", ")
        line.append(f"{mark_word(mark)}: ", style=MARK_STYLES[mark])
        line.append(str(counts[mark]))
    withheld = sum(d.within_noise for d in review.decisions)
    if withheld:
        said = ngettext(
            "{n} good move lost as much as a mark, but within the search's noise: more "
            "samples (--samples) would tell",
            "{n} good moves lost as much as a mark, but within the search's noise: more "
            "samples (--samples) would tell",
            withheld,
        ).format(n=withheld)
        line.append(f" ({said})", style="dim")
    return line


def _costliest(review: Review, ui: GameUI, frame: Any) -> list[RenderableType]:
    worst = review.costliest()
    if not worst:
        return [Text(_("None of your moves was clearly worse than strong's."), style="green")]
    out: list[RenderableType] = [
        Text(
            ngettext(
                "The costliest moment, as you saw the table then:",
                "The {n} costliest moments, as you saw the table then:",
                len(worst),
            ).format(n=len(worst)),
            style="bold",
        )
    ]
    for d in worst:
        out.append(_moment(d, ui))
        out.append(ui.status(d.view))
        out.append(_options_table(d, frame, chance=review.unit != WIN_CHANCE.unit))
    return out


def _moment(d: Decision, ui: GameUI) -> Text:
    fields = {
        "index": d.index,
        "round": d.round,
        "phase": pgettext("phase", d.phase),
        "played": ui.describe(d.view, d.played),
        "yours": percent(d.option(d.played).estimate),
        "best": ui.describe(d.view, d.best),
        "theirs": percent(d.option(d.best).estimate),
        "loss": _loss(d.loss),
    }
    if ui.breaks_between_deals:
        line = _(
            "Decision {index} (deal {round}, {phase}): you chose {played} ({yours}); strong "
            "chooses {best} ({theirs}): {loss}"
        )
    elif ui.has_breaks:
        line = _(
            "Decision {index} (round {round}, {phase}): you chose {played} ({yours}); strong "
            "chooses {best} ({theirs}): {loss}"
        )
    else:
        line = _(
            "Decision {index} ({phase}): you chose {played} ({yours}); strong chooses {best} "
            "({theirs}): {loss}"
        )
    text = Text(line.format(**fields), style="bold")
    text.append(", ")
    text.append_text(_mark_text(d.mark))
    return text


def _options_table(d: Decision, frame: Any, *, chance: bool = True) -> Table:
    """The moves compared at ``d``: each one's estimate and (``chance``: in a game whose
    estimate is not its win chance already) its win chance."""
    caption = (
        _(
            "estimate: the expected result (as the summary says); win chance: the share of the "
            "sampled deals won"
        )
        if chance
        else None
    )
    table = Table(box=frame, caption=caption, caption_justify="left")
    table.add_column(_("move"))
    table.add_column(_("estimate"), justify="right")
    if chance:
        table.add_column(_("win chance"), justify="right")
    table.add_column("")
    for o in d.options:
        notes = []
        if o.action == d.played:
            notes.append(_("yours"))
        if o.action == d.best:
            notes.append(_("strong's"))
        row = [str(o.action), percent(o.estimate)]
        if chance:
            row.append(percent(o.chance))
        table.add_row(*row, ", ".join(notes))
    return table


def _replays(review: Review, ui: GameUI, frame: Any) -> list[RenderableType]:
    rows = [p for p in (review.own, *review.replays) if p is not None]
    if not review.replays:
        if not review.finished:
            return [
                Text(
                    _(
                        "The replays with the computer in your seat come once the game is "
                        "over (before, they would play out cards you have not seen)."
                    ),
                    style="dim",
                )
            ]
        return []
    if review.scope == "first deal":
        head = _(
            "How the computer would have played your cards (the first deal of the match: the "
            "same deck, the other seats as they were):"
        )
    else:
        head = _(
            "How the computer would have played your cards (the same deck, the other seats as "
            "they were):"
        )
    table = Table(box=frame)
    table.add_column(_("your seat played by"))
    table.add_column(_("result"))
    table.add_column(_("for your seat"), justify="right")
    for p in rows:
        who = _("you") if p.level == "you" else p.level
        table.add_row(who, _result_words(p, ui), percent(p.value))
    return [Text(head, style="bold"), table]


def _result_words(p: Played, ui: GameUI) -> RenderableType:
    state = p.state
    outcome = state.result()
    if outcome is not None:
        return Text(ui.outcome_line(state.view(HUMAN), outcome))
    return ui.round_summary(state.view(HUMAN))


__all__ = ["MARK_WORDS", "mark_word", "percent", "position_text", "review_renderables"]
