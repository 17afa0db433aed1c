"""One open game per save (cardavia_cli.engine.saves.hold_save): a second REPL on a save that
another one has open is refused with one line naming that process, and nothing is overwritten;
the hold ends however the session ends, and a lock of a process that is gone never blocks.

The second REPL is a real second process (``python -m cardavia_cli``) while the first session
object, in this process, holds the save.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import Keys, run_cardavia, run_module
from rich.console import Console

from cardavia_cli.engine.saves import (
    SaveInUseError,
    delete_save,
    hold_save,
    lock_file,
    pid_file,
    save_holder,
    save_target,
)
from cardavia_cli.games import load_game
from cardavia_cli.games.deals import DealFile, load_deal, new_game_state, replay
from cardavia_cli.repl.hooks import load_ui
from cardavia_cli.repl.output import Problem
from cardavia_cli.repl.reader import ListReader
from cardavia_cli.repl.session import Session


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path / "home"


def in_use(name: str, pid: int) -> str:
    """The one line a refused second REPL prints."""
    return (
        f"cardavia: error: the save {name} is open in another cardavia (process {pid}): "
        "quit that game first, or use another save\n"
    )


def cucu_session(seed: int, save_to: Path | None, **kw: object) -> Session:
    """A Cuccu session like ``cardavia cucu play --seed SEED --save NAME`` (autosave on)."""
    header = DealFile(game="cucu", seed=seed)
    return Session(
        load_game("cucu"),
        load_ui("cucu"),
        header,
        new_game_state(header),
        console=Console(file=io.StringIO(), width=100, no_color=True),
        save_to=save_to,
        autosave=save_to is not None,
        **kw,  # type: ignore[arg-type]
    )


def begin(session: Session) -> None:
    session.emit(session.begin())
    session.emit(session.before_prompt())


# -- the faults users saw ----------------------------------------------------------------------
def test_regression_two_repls_on_one_save_the_second_is_refused_and_nothing_is_lost(
    home: Path,
) -> None:
    path = save_target("same")
    first = cucu_session(21, path)
    begin(first)
    first.execute("auto")  # a move: the save holds it
    saved = path.read_bytes()
    done = run_module("resume", "same", stdin="auto\nquit\n", home=home)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", in_use("same", os.getpid()))
    assert path.read_bytes() == saved
    # the first REPL plays on and its save holds all of its moves
    first.execute("auto")
    assert load_deal(path).actions == first.state.recorded_actions()
    first.close()
    # once the first has quit, the save opens elsewhere
    later = run_module("resume", "same", stdin="auto\nquit\n", home=home)
    assert later.returncode == 0, later.stderr
    assert later.stderr == ""


def test_regression_two_new_games_with_one_save_name_the_second_is_refused(home: Path) -> None:
    path = save_target("same")
    first = cucu_session(21, path)  # before any move: no file yet, but the name is held
    assert not path.exists()
    done = run_module("cucu", "play", "--seed", "22", "--save", "same", stdin="auto\n", home=home)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", in_use("same", os.getpid()))
    assert not path.exists()
    begin(first)
    first.execute("auto")
    assert load_deal(path).seed == 21
    first.close()


def test_regression_save_name_onto_a_save_another_repl_holds_is_refused(home: Path) -> None:
    path = save_target("evening")
    first = cucu_session(21, path)
    begin(first)
    first.execute("auto")
    saved = path.read_bytes()
    second = cucu_session(5, None)
    begin(second)
    second.execute("auto")
    for _ in range(2):  # typed again it is still refused: no overwrite to confirm
        (reply,) = second.execute("save evening")
        assert isinstance(reply, Problem)
        assert reply.text == (
            f"the save evening is open in another cardavia (process {os.getpid()}): "
            "quit that game first, or use another save"
        )
    assert path.read_bytes() == saved
    first.close()
    second.execute("save evening")  # asks once: another game's save
    assert "Saved to" in str(second.execute("save evening")[0])
    assert load_deal(path).seed == 5
    second.close()


def test_regression_saves_delete_of_an_open_save_is_refused(home: Path) -> None:
    path = save_target("same")
    first = cucu_session(21, path)
    begin(first)
    first.execute("auto")
    done = run_cardavia("saves", "delete", "same", "--yes", home=home)
    assert (done.returncode, done.stderr) == (2, in_use("same", os.getpid()))
    assert path.is_file()
    first.close()
    assert run_cardavia("saves", "delete", "same", "--yes", home=home).returncode == 0
    assert not path.exists() and not lock_file(path).exists() and not pid_file(path).exists()


# -- the hold ends with the session --------------------------------------------------------------
class Failing(ListReader):
    """Lines, then an error that is no bad input (a bug, a lost terminal)."""

    def read(self, prompt: str) -> str:
        try:
            return super().read(prompt)
        except EOFError:
            raise RuntimeError("the terminal went away") from None


@pytest.mark.parametrize(
    "reader",
    [
        ListReader(["auto", "quit"]),
        ListReader(["auto"]),  # the end of piped input
        Keys(["auto", "^D", "^D"], interactive=True),
        Failing(["auto"]),
    ],
    ids=["quit", "end of input", "ctrl-d", "crash"],
)
def test_the_save_is_let_go_however_the_session_ends(home: Path, reader: ListReader) -> None:
    path = save_target("same")
    session = cucu_session(21, path)
    assert save_holder(path) == os.getpid()
    try:
        session.run(reader)
    except RuntimeError:
        assert isinstance(reader, Failing)
    assert save_holder(path) is None
    assert load_deal(path).actions == session.state.recorded_actions()
    hold_save(path).release()


def holding_process(name: str, pid_text: str | None = None) -> subprocess.Popen[str]:
    """Another process that holds the save ``name`` until it is killed (its lock's pid file
    rewritten as ``pid_text`` when given), once it says it holds it."""
    rewrite = (
        f"pid_file(save_target({name!r})).write_text({pid_text!r}, encoding='utf-8')\n"
        if pid_text is not None
        else ""
    )
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "from cardavia_cli.engine.saves import hold_save, pid_file, save_target\n"
            f"lock = hold_save(save_target({name!r}))\n"
            f"{rewrite}"
            "print('held', flush=True)\n"
            "sys.stdin.read()\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_a_lock_of_a_process_that_is_gone_never_blocks(home: Path) -> None:
    path = save_target("same")
    holder = holding_process("same")
    try:
        with pytest.raises(SaveInUseError) as refused:
            hold_save(path)
        assert refused.value.pid == holder.pid
        assert f"(process {holder.pid})" in str(refused.value)
    finally:
        holder.kill()  # no chance to let go: the OS drops its lock
        holder.wait()
    assert pid_file(path).read_text().strip() == str(holder.pid)  # left behind, stale
    lock = hold_save(path)
    assert pid_file(path).read_text().strip() == str(os.getpid())
    lock.release()


@pytest.mark.parametrize("written", ["\uff17", "-5", "0", "12 34", ""])
def test_a_lock_naming_no_process_is_refused_without_one(home: Path, written: str) -> None:
    # the process id in a lock's pid file is read in ASCII digits only (full-width digits
    # are refused by the ASCII read, signs and zero are no process): the refusal then says
    # "another process", and never raises anything else
    path = save_target("same")
    holder = holding_process("same", pid_text=written)
    try:
        with pytest.raises(SaveInUseError) as refused:
            hold_save(path)
        assert refused.value.pid is None
        assert "(another process)" in str(refused.value)
        assert save_holder(path) == 0
    finally:
        holder.kill()
        holder.wait()


def test_two_holds_in_one_process_conflict_and_release_is_idempotent(home: Path) -> None:
    path = save_target("x")
    lock = hold_save(path)
    with pytest.raises(SaveInUseError) as refused:
        hold_save(path)
    assert refused.value.pid == os.getpid()
    lock.release()
    lock.release()
    assert not pid_file(path).exists()
    hold_save(path).release()


def test_delete_save_removes_the_save_and_its_lock_files(home: Path) -> None:
    path = save_target("x")
    path.parent.mkdir(parents=True)
    path.write_text('format = 1\ngame = "sisepai"\nseed = 1\n')
    hold_save(path).release()
    delete_save(path)
    assert sorted(os.listdir(path.parent)) == []


def test_a_deal_file_outside_the_saves_folder_is_not_held(home: Path, tmp_path: Path) -> None:
    other = tmp_path / "deal.toml"
    other.write_text('format = 1\ngame = "cucu"\nseed = 3\n')
    session = Session(
        load_game("cucu"),
        load_ui("cucu"),
        load_deal(other),
        replay(load_deal(other)),
        console=Console(file=io.StringIO()),
    )
    begin(session)
    session.execute("auto")
    assert not lock_file(other).exists()  # never written unless named: not held
    session.close()
