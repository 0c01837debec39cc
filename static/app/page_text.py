"""The page's fixed texts in each language, from the catalog: Python sets them when the language
changes, and the build writes them to static/build/page-text.js so that boot.js can show the
setup screen in the remembered language before Python has started."""

from __future__ import annotations

import json
import re

from app.catalog import LANGUAGES, TEXT, direction, listing, number, t

MAX_SEATS = 4
KINDS = ("human", "beginner", "easy", "medium", "hard")  # the setup form's "played by" choices
TARGETS = (15, 21, 10)  # the setup form's target scores
I18N_ATTRIBUTES = {"data-i18n": "", "data-i18n-label": "aria-label", "data-i18n-title": "title"}


def kind_text(lang: str, kind: str) -> str:
    """A seat's "played by" choice in words: "Human" or "Bot: easy"."""
    if kind == "human":
        return t(lang, "kind.human")
    return t(lang, "kind.bot_level", level=t(lang, f"level.{kind}"))


def form_texts(lang: str) -> list[tuple[str, str, str]]:
    """The setup form's texts that carry a number or a choice, as (CSS selector, attribute,
    text); attribute "" stands for the element's text."""
    texts = [
        ("label[for=game-classic] small", "", number(lang, "2–4")),
        ("label[for=game-duel] small", "", number(lang, 2)),
    ]
    texts += [(f"label[for=players-{n}]", "", number(lang, n)) for n in (2, 3, 4)]
    for i in range(MAX_SEATS):
        seat = t(lang, "setup.seat", n=i + 1)
        texts.append((f'.seat-row[data-seat="{i}"] .seat-badge', "", number(lang, i + 1)))
        texts.append((f"#name{i}", "placeholder", t(lang, "setup.default_name", n=i + 1)))
        texts.append((f"#name{i}", "aria-label", listing(lang, [t(lang, "setup.name"), seat])))
        texts.append((f"#kind{i}", "aria-label", listing(lang, [t(lang, "setup.kind"), seat])))
        texts += [(f'#kind{i} option[value="{k}"]', "", kind_text(lang, k)) for k in KINDS]
    texts += [
        (f'#target option[value="{n}"]', "", t(lang, "setup.target_value", n=n)) for n in TARGETS
    ]
    return texts


def page_keys(html: str) -> list[str]:
    """The catalog keys the page's markup names in its data-i18n attributes."""
    names = "|".join(I18N_ATTRIBUTES)
    return sorted(set(re.findall(rf'(?:{names})="([^"]+)"', html)))


def boot_script(html: str) -> str:
    """static/build/page-text.js for the page `html`: per language, its direction, the texts of
    the page's keys and of the boot screen (keys "boot.*"), and form_texts()."""
    keys = page_keys(html) + sorted(key for key in TEXT["en"] if key.startswith("boot."))
    data = {
        lang: {
            "dir": direction(lang),
            "keys": {key: t(lang, key) for key in keys},
            "form": form_texts(lang),
        }
        for lang in LANGUAGES
    }
    return (
        "// Written by tools/build.py from static/app/page_text.py: the texts boot.js shows\n"
        "// before Python runs, in every language.\n"
        f"self.SPLENDOR_TEXT = {json.dumps(data, ensure_ascii=False, indent=1)};\n"
    )
