"""HTML building blocks shared by every game's renderer: gems, pips, how-to-play, the chart.

Pure functions returning HTML strings (no browser imports). Every value that may come from a
player (names) goes through `esc`; catalog text is escaped too, since it is inserted as markup.
"""

from __future__ import annotations

from html import escape

from app.catalog import listing, number, t

SPRITE = "static/img/gems.svg"
SEAT_COLOURS = ("#e9b949", "#7fd3ff", "#b98cf0", "#53c98a")


def esc(value: object) -> str:
    """HTML-escape any value (quotes included), for text and attribute values alike."""
    return escape(str(value), quote=True)


def gem(letter: str, extra: str = "") -> str:
    """The token shape of a colour letter (w b g r k y p x) from the sprite."""
    cls = f"gem {extra}".strip()
    return f'<svg class="{cls}" aria-hidden="true"><use href="{SPRITE}#gem-{letter}"/></svg>'


def icon(name: str, extra: str = "") -> str:
    """An icon (crown, scroll, bag, noble, prestige) from the sprite."""
    cls = f"icon {extra}".strip()
    return f'<svg class="{cls}" aria-hidden="true"><use href="{SPRITE}#icon-{name}"/></svg>'


def pip(letter: str, n: int, lang: str = "en") -> str:
    """A cost or requirement pip: the gem shape with its number (in `lang`'s digits) on top."""
    return f'<span class="pip" data-gem="{letter}">{gem(letter)}<b>{number(lang, n)}</b></span>'


def gem_list(lang: str, counts: dict[str, int]) -> str:
    """Gems as words for screen readers, e.g. "2 white, 1 blue"."""
    items = [
        t(
            lang,
            "table.cost_item",
            n=n,
            colour=t(lang, f"colour.{k}_many" if n > 1 and k == "p" else f"colour.{k}"),
        )
        for k, n in counts.items()
    ]  # the colours are adjectives ("2 white"), the pearl a noun ("2 pearls")
    return listing(lang, items)


def gem_icons(letters: str) -> str:
    """One gem icon per letter (for log lines and hints), with a hidden letter for readers."""
    return "".join(gem(k) for k in letters)


def howto_html(game: str, lang: str) -> str:
    """The how-to-play sections of a game, with the page's own gem and icon drawings."""
    from app import howto  # the rules text is only needed when the panel opens

    out = ['<div class="howto">']
    for heading, paragraphs in howto.sections(game, lang):
        out.append(f"<section><h3>{esc(heading)}</h3>")
        bullets: list[str] = []
        for paragraph in paragraphs:
            if paragraph.startswith("- "):
                bullets.append(f"<li>{_rich(paragraph[2:])}</li>")
                continue
            if bullets:
                out.append("<ul>" + "".join(bullets) + "</ul>")
                bullets = []
            out.append(f"<p>{_rich(paragraph)}</p>")
        if bullets:
            out.append("<ul>" + "".join(bullets) + "</ul>")
        out.append("</section>")
    out.append("</div>")
    return "".join(out)


def _rich(paragraph: str) -> str:
    from app import howto

    out = []
    for part in howto.parts(paragraph):
        if isinstance(part, tuple):
            kind, name = part
            out.append(gem(name) if kind == "gem" else icon(name))
        else:
            out.append(esc(part))
    return "".join(out)


def score_chart(
    lang: str, names: list[str], history: list[list[int]], target: int, per_round: int = 0
) -> str:
    """An SVG line chart of every player's prestige after each turn (history[0] = start);
    per_round: turns in a round, to label its length in rounds as the game's header counts."""
    width, height, pad = 320, 180, 28
    turns = max(1, len(history) - 1)
    top = max([target] + [max(row) for row in history if row])
    inner_w, inner_h = width - 2 * pad, height - 2 * pad

    def x(i: int) -> float:
        return pad + inner_w * i / turns

    def y(v: int) -> float:
        return height - pad - inner_h * v / top

    title = esc(t(lang, "end.chart"))
    target_y = f"{y(target):.1f}"
    base = height - pad
    out = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{title}">',
        f'<line x1="{pad}" y1="{target_y}" x2="{width - pad}" y2="{target_y}" class="chart-target"/>',
        f'<text x="{pad - 4}" y="{target_y}" class="chart-label" text-anchor="end" dy="4">'
        + esc(number(lang, target))
        + "</text>",
        f'<line x1="{pad}" y1="{base}" x2="{width - pad}" y2="{base}" class="chart-axis"/>',
        f'<text x="{width - pad}" y="{base + 16}" class="chart-label" text-anchor="end">'
        + esc(length_label(lang, turns, per_round))
        + "</text>",
    ]
    for seat, name in enumerate(names):
        shift = (seat - (len(names) - 1) / 2) * 2.5  # equal scores draw side by side, not as one
        points = " ".join(f"{x(i):.1f},{y(row[seat]) + shift:.1f}" for i, row in enumerate(history))
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"'
            f' stroke-linejoin="round" data-seat="{seat}"><title>{esc(name)}</title></polyline>'
        )
    out.append("</svg>")
    legend = "".join(
        f'<li data-seat="{seat}"><span class="chart-key"></span>{esc(name)}</li>'
        for seat, name in enumerate(names)
    )
    return "".join(out) + f'<ul class="chart-legend">{legend}</ul>'


# id(entry) -> (entry, language, names, its log lines' HTML): a move is written once, not again
# at each redraw (a long game's log would take longer and longer to write)
_LOG_LINES: dict[int, tuple] = {}


def is_near(value: int, goal: int) -> bool:
    """True when a player is close enough to a victory to show it in gold (seven tenths)."""
    return value >= goal * 0.7


def score_figure(lang: str, symbol: str, n: int, title: str, near: bool = False) -> str:
    """One figure of the score line: a symbol and a number, named in the tooltip."""
    cls = "score-figure is-near" if near else "score-figure"
    return f'<span class="{cls}" title="{esc(title)}">{symbol}{number(lang, n)}</span>'


def scores_html(names: list[str], figures: list[str], current: int | None) -> str:
    """The score line: each player's name and figures, the current player's marked.

    CSS shows it only where the players' panels are below the board (a phone), so the race
    stays in sight; it repeats the panels, so screen readers skip it."""
    chips = "".join(
        f'<li class="score-chip{" is-current" if seat == current else ""}" data-seat="{seat}">'
        f'<span class="score-name">{esc(name)}</span>{figures[seat]}</li>'
        for seat, name in enumerate(names)
    )
    return f'<ul class="scores" aria-hidden="true">{chips}</ul>'


def log_html(ui, log_lines) -> str:
    """Every move so far in words, newest last (`log_lines` is the game's sentence maker)."""
    names = tuple(ui.names)
    written = {}
    for entry in ui.entries:
        known = _LOG_LINES.get(id(entry))
        if known is None or known[0] is not entry or known[1:3] != (ui.lang, names):
            turn = escape(number(ui.lang, entry.turn + 1))
            html = "".join(
                f'<li class="log-entry" data-seat="{entry.seat}"><span class="log-turn">{turn}</span>'
                f"{escape(line)}</li>"
                for line in log_lines(ui.lang, ui.names, entry)
            )
            known = (entry, ui.lang, names, html)
        written[id(entry)] = known
    _LOG_LINES.clear()
    _LOG_LINES.update(written)
    return "".join(known[3] for known in written.values())


def sentences_text(lang: str, lines) -> str:
    """Sentences as one plain text (a tooltip), parted as the page parts them."""
    return ("، " if lang == "fa" else " · ").join(lines)


def sentences_html(lines) -> str:
    """Sentences side by side, each in its own span (the stylesheet puts a dot between)."""
    return "".join(f'<span class="sentence">{escape(line)}</span>' for line in lines)


def handoff_html(ui) -> str:
    """The pass-and-play screen between two humans' turns."""
    from app.selection import seat_name

    name = seat_name(ui, ui.handoff)
    return (
        f'<div class="handoff panel" data-seat="{ui.handoff}">'
        f"<h2>{escape(t(ui.lang, 'table.handoff_title', player=name))}</h2>"
        f"<p>{escape(t(ui.lang, 'table.handoff_body', player=name))}</p>"
        f'<button type="button" class="btn btn--primary" data-command="handoff">'
        f"{escape(t(ui.lang, 'table.handoff_ready', player=name))}</button></div>"
    )


def choosable(cls: str, attrs: str, body: str, *, pick: str = "", action: str = "") -> str:
    """A piece (a card) as a toggle (data-select), an action button (data-action) or a figure."""
    if pick:
        pressed = "true" if "is-selected" in cls.split() else "false"
        return (
            f'<button type="button" class="{cls}" {attrs} data-select="{pick}"'
            f' aria-pressed="{pressed}">{body}</button>'
        )
    if action:
        return f'<button type="button" class="{cls}" {attrs} data-action="{action}">{body}</button>'
    return f'<div class="{cls}" role="img" {attrs}>{body}</div>'


def rank_html(lang: str, place: int, seat: int, name: str, detail: str) -> str:
    """One line of an end screen's ranking (the first place gets the crown)."""
    winner = place == 1
    crown = icon("crown", "icon--m") if winner else ""
    return (
        f'<li class="rank{" is-winner" if winner else ""}" data-seat="{seat}">'
        f'<span class="rank-place">{number(lang, place)}</span>'
        f'<span><span class="rank-name">{escape(name)}</span><br>'
        f'<span class="rank-detail">{escape(detail)}</span></span>{crown}</li>'
    )


def length_label(lang: str, turns: int, per_round: int) -> str:
    """How long the game was: in rounds when a round has per_round turns, else in turns."""
    if per_round:
        rounds = -(-turns // per_round)
        return t(lang, "end.round_one" if rounds == 1 else "end.rounds", n=rounds)
    return t(lang, "end.turn_one" if turns == 1 else "end.turns", n=turns)


def end_panel(lang: str, intro: str, ranks: list[str], chart: str) -> str:
    """The end screen: title, `intro` (headline and notes), the ranking, the buttons and the
    chart; the chart sits beside the ranking on a wide screen (places set in app.css)."""
    return (
        f'<section class="end panel" aria-labelledby="end-title"><div class="end-main">'
        f'<h2 id="end-title" tabindex="-1">{escape(t(lang, "end.title"))}</h2>{intro}'
        f'<h3>{escape(t(lang, "end.ranking"))}</h3><ol class="ranking">{"".join(ranks)}</ol></div>'
        f'<div class="btn-row end-actions">'
        f'<button type="button" class="btn btn--primary" data-command="again">'
        f"{escape(t(lang, 'end.play_again'))}</button>"
        f'<button type="button" class="btn" data-command="new">{escape(t(lang, "end.new_game"))}'
        f"</button>"
        f'<button type="button" class="btn" data-command="replay-game">'
        f"{escape(t(lang, 'saves.replay'))}</button></div>"
        f'<div class="btn-row replay-end-actions">'
        f'<button type="button" class="btn btn--primary" data-command="replay:first">'
        f"{escape(t(lang, 'replay.again'))}</button>"
        f'<button type="button" class="btn" data-command="new">{escape(t(lang, "end.new_game"))}'
        f"</button></div>"
        f'<div class="end-chart"><h3>{escape(t(lang, "end.chart"))}</h3>'
        f'<div class="chart-box">{chart}</div></div></section>'
    )


def undo_button(lang: str, can_undo: bool) -> str:
    """A decision dialog's way back: undo the move that asked for it (where undo is allowed;
    on a touch screen there is no Ctrl+Z, and the dialog covers the top bar's Undo)."""
    if not can_undo:
        return ""
    return (
        f'<button type="button" class="btn btn--ghost" data-command="undo">'
        f"{escape(t(lang, 'table.return_undo'))}</button>"
    )


def return_actions(lang: str, picks: str, done: str | None, can_undo: bool) -> str:
    """The buttons of a tokens-over-ten dialog: clear the picks, undo the move that went over
    ten (when undo is allowed), confirm the return."""
    clear = "data-cancel" if picks else "disabled"
    undo = undo_button(lang, can_undo)
    confirm = f'data-action="{done}"' if done else "disabled"
    return (
        f'<button type="button" class="btn btn--ghost" {clear}>{escape(t(lang, "table.clear"))}'
        f"</button>{undo}"
        f'<button type="button" class="btn btn--primary" {confirm}>'
        f"{escape(t(lang, 'table.confirm'))}</button>"
    )


def no_moves_html(lang: str, seat: int | None, name: str) -> str:
    """The last-move bar before the first move, so the board does not move down when it fills."""
    if seat is None:
        return ""
    text = escape(t(lang, "table.no_moves", player=name))
    return f'<p class="last-move is-empty" data-seat="{seat}">{text}</p>'
