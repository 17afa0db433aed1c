"""Saves that cannot be written or were changed by another program: a failed autosave is said
once, when it fails; quit tells what was kept and what was not (and exits 1 when decisions
are lost); a save changed on disk while its game is open is never overwritten without a
word. A full disk is simulated by a write that raises ``OSError(ENOSPC)``."""

from __future__ import annotations

import errno
import io
from pathlib import Path

import pytest
from cli_support import Keys, run_cardavia

import cardavia_cli.engine.saves as saves
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, new_game_state
from cardavia_cli.repl.console import make_console
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.session import Session

FULL = "No space left on device"


def fill_the_disk_after(monkeypatch: pytest.MonkeyPatch, writes: int) -> list[Path]:
    """Saves are written ``writes`` times; every later write fails as on a full disk."""
    real = saves.save_atomic
    calls: list[Path] = []

    def write(path, deal):
        calls.append(Path(path))
        if len(calls) > writes:
            raise OSError(errno.ENOSPC, FULL, str(path))
        return real(path, deal)

    monkeypatch.setattr(saves, "save_atomic", write)
    return calls


def problems(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("! ")]


def test_regression_a_full_disk_is_said_once_and_quit_does_not_claim_the_game_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    calls = fill_the_disk_after(monkeypatch, 1)
    got = run_cardavia(
        "sisepai",
        "play",
        "--seed",
        "3",
        "--ai",
        "basic",
        "--save",
        "evening",
        stdin="claim yE yE\nauto\nauto\nauto\nquit\n",
        home=tmp_path,
    )
    path = tmp_path / "saves" / "evening.toml"
    assert calls[0] == path and len(calls) > 2  # the first decision saved, then failures
    assert problems(got.stdout) == [
        f"! autosave to {path} failed: {FULL}; your decisions from here are not saved until it "
        "works again (save OTHERNAME keeps them elsewhere)",
        f"! evening keeps this game only as it was saved last: your later decisions could not "
        f"be written ({FULL})",
    ]
    assert "This game is kept in the save" not in got.stdout
    assert got.returncode == 1
    assert 'actions = [\n    "0 claim yE yE",\n]' in path.read_text(encoding="utf-8")


def session_saving_to(path: Path, terminal: bool = True) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    header = DealFile(game="sisepai", seed=3, seats=["human", "basic", "basic", "basic"])
    session = Session(
        load_game("sisepai"),
        load_ui("sisepai"),
        header,
        new_game_state(header),
        console=make_console(file=out, terminal=False, width=100),
        save_to=path,
        autosave=True,
    )
    return session, out


def test_regression_quit_after_a_failed_autosave_asks_and_then_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))
    fill_the_disk_after(monkeypatch, 0)
    path = tmp_path / "saves" / "evening.toml"
    session, out = session_saving_to(path)
    assert session.run(Keys(["claim yE yE", "auto", "quit", "quit"])) == 1
    said = problems(out.getvalue())
    assert said == [
        f"! autosave to {path} failed: {FULL}; your decisions from here are not saved until it "
        "works again (save OTHERNAME keeps them elsewhere)",
        f"! your last decisions could not be saved to evening ({FULL}): type save OTHERNAME to "
        "keep them elsewhere, or quit (or Ctrl-D) again to leave without them",
        f"! This game could not be kept in evening: {FULL}",
    ]
    assert not path.exists()


def test_a_save_elsewhere_after_a_failed_autosave_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))
    real = saves.save_atomic

    def full_here(path, deal):
        if Path(path).name == "evening.toml":
            raise OSError(errno.ENOSPC, FULL, str(path))
        return real(path, deal)

    monkeypatch.setattr(saves, "save_atomic", full_here)
    other = tmp_path / "saves" / "other.toml"
    session, out = session_saving_to(tmp_path / "saves" / "evening.toml")
    assert session.run(Keys(["claim yE yE", "save other", "auto", "quit"])) == 0
    assert f"Saved to {other} (1 action). Continue it with: cardavia resume other" in (
        out.getvalue().splitlines()
    )
    assert (
        out.getvalue()
        .rstrip()
        .endswith(
            "This game is kept in the save other: continue it with cardavia resume other\nGoodbye."
        )
    )
    assert "0 discard" in other.read_text(encoding="utf-8")  # auto's decision kept there too


def test_regression_a_save_changed_on_disk_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))
    path = tmp_path / "saves" / "evening.toml"
    session, out = session_saving_to(path)
    session.interactive = True
    session.execute("claim yE yE")
    assert path.exists()
    theirs = 'format = 1\ngame = "cucu"\nseed = 9\n'
    path.write_text(theirs, encoding="utf-8")  # another program replaces the save
    refusal = (
        "evening was changed on disk by another program since this game read or wrote it: it "
        "is not overwritten; type save OTHERNAME to keep this game elsewhere"
    )
    said = [item.text for item in session.execute("auto") if hasattr(item, "text")]
    assert refusal in said
    assert path.read_text(encoding="utf-8") == theirs
    again = [item.text for item in session.execute("auto") if hasattr(item, "text")]
    assert refusal not in again  # said once, when it failed
    assert [item.text for item in session.execute("save")] == [refusal]
    assert path.read_text(encoding="utf-8") == theirs
    kept = session.execute("save mine")
    assert kept[0].text.startswith(f"Saved to {tmp_path / 'saves' / 'mine.toml'} (")
    session.close()


def test_regression_a_failed_autosave_of_a_game_without_a_save_is_not_claimed_on_quit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """On a terminal a game without a save of its own is kept in an autosave; when that
    cannot be written, quit said it was kept there all the same."""
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))
    fill_the_disk_after(monkeypatch, 1)
    out = io.StringIO()
    header = DealFile(game="sisepai", seed=3, seats=["human", "basic", "basic", "basic"])
    session = Session(
        load_game("sisepai"),
        load_ui("sisepai"),
        header,
        new_game_state(header),
        console=make_console(file=out, terminal=False, width=100),
    )
    assert session.run(Keys(["claim yE yE", "auto", "auto", "quit", "quit"])) == 1
    autosave = "autosave-sisepai-3"
    assert problems(out.getvalue()) == [
        f"! the autosave {tmp_path / 'saves' / autosave}.toml cannot be written: {FULL}",
        f"! your last decisions could not be saved to {autosave} ({FULL}): type save OTHERNAME "
        "to keep them elsewhere, or quit (or Ctrl-D) again to leave without them",
        f"! {autosave} keeps this game only as it was saved last: your later decisions could "
        f"not be written ({FULL})",
    ]
    assert "This game is kept in the autosave" not in out.getvalue()


def test_regression_a_deep_path_in_a_problem_is_never_cut(tmp_path: Path):
    """A problem cut each word over 100 characters (meant for a typed line quoted back),
    so the autosave's path under a deep folder read '.../test_regression_a_f… cannot be
    written'. A path whose folder is there is kept whole; a long typed word is still cut."""
    from cardavia_cli.repl.render import shortened

    deep = tmp_path / ("d" * 120)
    deep.mkdir()
    path = deep / "autosave-sisepai-3.toml"
    assert shortened(f"the autosave {path}: cannot be written") == (
        f"the autosave {path}: cannot be written"
    )
    typed = "/nowhere/" + "x" * 200
    assert shortened(f"unknown command '{typed}'") == f"unknown command '{typed[:59]}…'"
