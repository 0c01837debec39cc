"""The page's text catalog: complete in every language, same placeholders, sane lookups."""

import re
import string
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "static" / "app"))

import catalog
from catalog import LANGUAGES, TEXT, t

# Keys whose text may read the same as English (names, numbers only).
SAME_AS_ENGLISH = {
    "app.title",
    "game.classic",
    "game.duel",
    "progress.value",
    "table.cost_item",
    "saves.finished",  # "{game}: {scores}"
    "saves.score",  # "{player} ({n})"
}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_languages_are_english_persian_georgian_with_directions():
    assert LANGUAGES == {"en": ("English", "ltr"), "fa": ("فارسی", "rtl"), "ka": ("ქართული", "ltr")}
    assert set(TEXT) == set(LANGUAGES)


def test_every_key_exists_in_every_language():
    english = set(TEXT["en"])
    for lang, table in TEXT.items():
        assert set(table) == english, (lang, set(table) ^ english)


def test_placeholders_match_english():
    for lang, table in TEXT.items():
        for key, text in table.items():
            assert placeholders(text) == placeholders(TEXT["en"][key]), (lang, key)


def test_no_empty_or_untranslated_strings():
    for lang, table in TEXT.items():
        for key, text in table.items():
            assert text.strip(), (lang, key)
            if lang != "en" and key not in SAME_AS_ENGLISH:
                assert text != TEXT["en"][key], (lang, key)


def test_persian_text_uses_persian_digits_and_georgian_uses_its_script():
    for key, text in TEXT["fa"].items():
        assert not any(c in "0123456789" for c in text), key
    georgian = [
        text for text in TEXT["ka"].values() if any("\u10d0" <= c <= "\u10ff" for c in text)
    ]
    assert len(georgian) > 0.9 * len(TEXT["ka"])


def test_the_keys_the_page_builds_from_values_are_present():
    built = {
        "ability.again", "ability.joker", "ability.token", "ability.privilege", "ability.steal",
        "victory.points", "victory.crowns", "victory.colour", "log.take", "log.return",
        "game.classic", "game.duel", "howto.classic", "howto.duel", "colour.p_many",
    }  # fmt: skip
    built |= {f"colour.{c}" for c in "wbgrkyp"}
    built |= {f"level.{kind}" for kind in ("beginner", "easy", "medium", "hard")}
    assert built <= set(TEXT["en"])


def test_t_formats_and_falls_back_to_english():
    assert t("en", "table.return_body", n=12, k=2) == "You have 12 tokens; return 2."
    assert t("fa", "table.return_body", n=12, k=2) == "شما ۱۲ توکن دارید؛ ۲ توکن را پس بدهید."
    assert t("xx", "table.deck", level=2) == "Level 2 deck"
    assert t("en", "no.such.key") == "no.such.key"


def test_t_falls_back_to_english_for_a_key_missing_in_a_language(monkeypatch):
    monkeypatch.setitem(catalog.TEXT, "ka", {})
    assert t("ka", "setup.start") == "Start"


def test_values_are_inserted_verbatim_and_missing_ones_kept():
    assert t("en", "log.take", player="{gems}", gems="x") == "{gems} took x"
    assert t("en", "log.take", player="Ann") == "Ann took {gems}"
    assert t("fa", "setup.default_name", n=3) == "بازیکن ۳"
    # In Persian a name is isolated, so "Ava: ۱ سفید" does not show as "۱ Ava: سفید".
    assert t("fa", "log.take", player="Bot 2", gems="").startswith("\u2068Bot 2\u2069:")
    assert t("en", "log.take", player="Bot 2", gems="x") == "Bot 2 took x"


def test_a_persian_name_is_isolated_in_english_and_georgian_text():
    # Unisolated, "آوا (2), Bob (8)" shows as "(2) آوا, Bob (8)": the score left of the name.
    assert t("ka", "saves.score", player="آوا", n=2) == "\u2068آوا\u2069 (2)"
    assert t("en", "log.noble", player="آوا") == "A noble visited \u2068آوا\u2069 (+3 points)"
    assert t("ka", "log.final_round", player="ანა", n=17).startswith("ანა: 17")


def test_helpers_pick_language_and_direction():
    assert catalog.best_language(["fa-IR", "en-US"]) == "fa"
    assert catalog.best_language("ka_GE") == "ka"
    assert catalog.best_language(["de-DE"]) == "en"
    assert catalog.direction("fa") == "rtl" and catalog.direction("zz") == "ltr"
    assert catalog.number("fa", 2048) == "۲۰۴۸" and catalog.number("ka", 15) == "15"


def test_one_point_reads_singular_in_english():
    values = {"level": 1, "colour": "green"}
    assert t("en", "table.card_short", points=1, **values) == "a level 1 green card (1 point)"
    assert t("en", "table.card_short", points=2, **values) == "a level 1 green card (2 points)"
    for key, text in catalog.ONE_POINT["en"].items():
        assert placeholders(text) == placeholders(TEXT["en"][key]) - {"points"}, key


def test_a_name_never_runs_into_a_number():
    # "Player 2" then "2 blue" would read "Player 2 2 blue": a colon or a word must part them.
    for lang, table in TEXT.items():
        for key, text in table.items():
            assert not re.search(r"\{(player|opponent)\} \{(gems|n)\}", text), (lang, key)


def test_persian_never_parts_things_with_a_middle_dot():
    # "۱۵ · ۹" reads as "15 0 9": the dot looks like the Persian zero.
    assert [key for key, text in TEXT["fa"].items() if "·" in text] == []


def test_the_return_dialogs_undo_never_reads_like_its_return():
    # Georgian "დაბრუნება" is both Undo and "returning": in the dialog it read "return".
    for lang in LANGUAGES:
        undo = set(t(lang, "table.return_undo").split())
        for key in ("table.return_title", "table.return_body", "table.return_left"):
            assert not undo & set(t(lang, key).split()), (lang, key)


STATIC = Path(catalog.__file__).parents[1]
PAGE_SOURCES = [*STATIC.glob("app/*.py"), *STATIC.glob("js/*.js"), STATIC.parent / "index.html"]


def page_code() -> str:
    """Every source that looks texts up: the page's Python (but the catalog), its boot script
    and its markup."""
    return "\n".join(p.read_text(encoding="utf-8") for p in PAGE_SOURCES if p.name != "catalog.py")


def used_keys(code: str) -> tuple[set[str], list[re.Pattern]]:
    """The keys the code names literally, and the key patterns its f-strings build."""
    families = "|".join(sorted({key.split(".")[0] for key in TEXT["en"]}))
    literal = set(re.findall(rf"""["']((?:{families})\.[a-z0-9_]+)["']""", code))
    literal -= {f"app.{p.stem}" for p in PAGE_SOURCES}  # module names, as in import_module()
    templates = re.findall(rf'f"((?:{families})\.[^"]*\{{[^"]*)"', code)
    # a placeholder stands for one word (no underscore), so "ability.{a}" is not "ability.again_help"
    patterns = [re.compile(re.sub(r"\\\{[^}]*\\\}", "[a-z0-9]+", re.escape(s))) for s in templates]
    return literal, patterns


def test_every_key_the_page_names_exists():
    literal, _ = used_keys(page_code())
    assert literal <= set(TEXT["en"]), literal - set(TEXT["en"])


def test_every_key_is_used_by_the_page():
    literal, patterns = used_keys(page_code())
    unused = {
        key for key in set(TEXT["en"]) - literal if not any(p.fullmatch(key) for p in patterns)
    }
    assert not unused, sorted(unused)
