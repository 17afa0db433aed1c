"""The arena's schedule on a Ray cluster (``cardavia arena ... --ray [ADDRESS]``).

What runs where: the process that calls :func:`~cardavia_cli.engine.arena.run_arena` (the
CLI) cuts the schedule into tasks of a few deals, sends them to the cluster as Ray remote
tasks, and collects the records; it plays nothing. The cluster's workers play: each task loads
the game by name (``load(name)``, so every node needs the same version of cardavia installed)
and plays its deals with :func:`~cardavia_cli.engine.arena.play_deal`, exactly as a serial run
or a ``--jobs`` process does. The records are handed back in the schedule's order, whatever
the order in which the tasks finish, and counted by the same tally, so the result is the
serial one (timing fields apart).

A task whose worker dies (a killed process, a lost node) is run again by Ray (``max_retries``);
a task that raises is run again too (``retry_exceptions``), up to :attr:`RayExecutor.retries`
times. A task of several deals that still fails is split, and each of its deals is sent alone
with the same retries, so that only a deal that fails every time is lost: it comes back as a
:class:`~cardavia_cli.engine.arena.FailedDeal`, which the tally counts in ``task_errors``.

Ray is an optional dependency (``pip install 'cardavia[cluster]'``): this module imports it
only inside :class:`RayExecutor`, so importing the module costs nothing, and without Ray the
executor raises :class:`ClusterError` with the install line. Nothing here prints: Ray's own
notices to the driver (a task retried, a worker died), which Ray writes to standard output,
are handed to ``on_notice`` instead (or dropped), so ``arena --json`` prints one JSON document.

>>> chunk_size(2000, 2), chunk_size(20, 2), chunk_size(100_000, 64)
(8, 1, 8)
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import logging
import os
import re
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from cardavia_cli import __version__
from cardavia_cli.engine.arena import DealRecord, FailedDeal, Progress, Work, _worker_deal
from cardavia_cli.engine.budget import BUDGET_ENV
from cardavia_cli.engine.errors import CardaviaError
from cardavia_cli.engine.i18n import _

#: How to install Ray for ``--ray`` (the package's ``cluster`` extra).
INSTALL = "pip install 'cardavia[cluster]'"

#: The address that starts a new local Ray for the run (Ray's own name for it).
LOCAL = "local"

#: Seconds to wait for a TCP connection to a cluster's address before giving up on it (Ray
#: itself would retry for many minutes).
CONNECT_TIMEOUT = 5.0
#: The highest TCP port.
MAX_PORT = 65535

#: Seconds to wait for the first task (a worker's version of cardavia) on a cluster.
PROBE_TIMEOUT = 120.0

#: Ray's switch of token authentication (``token`` or ``disabled``).
AUTH_MODE = "RAY_AUTH_MODE"

#: Seconds between two looks at the finished tasks, so that Ctrl-C is seen at once.
POLL = 0.5

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class ClusterError(CardaviaError):
    """Ray is not installed, the cluster cannot be reached, or its workers cannot run
    cardavia (bad input for the command: exit code 2)."""


def chunk_size(deals: int, cpus: int) -> int:
    """Deals per task for a run of ``deals`` on ``cpus`` CPUs: about 16 tasks per CPU, from 1
    to 8 deals each (the same cut as ``--jobs``), so that a task costs far more than Ray's
    overhead for it (about a millisecond) and the CPUs still share the work evenly."""
    return max(1, min(8, deals // (max(1, cpus) * 16)))


def _import_ray() -> Any:
    """The ``ray`` module, or :class:`ClusterError` saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ClusterError(
            _("--ray needs Ray, which is not installed: {install}").format(install=INSTALL)
        ) from None


def require_ray() -> None:
    """Raise :class:`ClusterError` with the install line unless Ray can be imported."""
    if importlib.util.find_spec("ray") is None:
        _import_ray()


#: The address of a running cluster: ``HOST:PORT`` or ``ray://HOST:PORT`` (Ray's client),
#: the host a name or an IPv4 address in ASCII, or an IPv6 address in brackets.
_ADDRESS = re.compile(
    r"(?:ray://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(?P<port>[^:/]*)/?", re.ASCII
)

#: The first bytes a client sends on an HTTP/2 connection (gRPC, which Ray's head and Ray's
#: client server speak), then an empty SETTINGS frame.
_H2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"
#: The type of an HTTP/2 SETTINGS frame, the first frame a server sends.
_H2_SETTINGS = 4


def _address_problem(address: str) -> str:
    return _(
        "--ray {address}: not the address of a Ray cluster: give HOST:PORT (a port from 1 to "
        "{most}), ray://HOST:PORT, auto, or no value for a local Ray"
    ).format(address=repr(address), most=MAX_PORT)


def parse_address(address: str) -> tuple[str, int] | None:
    """What ``--ray ADDRESS`` names, checked as a value before anything connects: ``None``
    for ``local`` (a new local Ray) and ``auto`` (the cluster started on this machine), else
    ``(host, port)`` of ``HOST:PORT`` or ``ray://HOST:PORT`` (an IPv6 host in brackets),
    the port in ASCII digits from 1 to 65535. Raises :class:`ClusterError` (one line naming
    the address) for anything else: ``:``, a host or port missing, ``head:²``, ``head:0``,
    ``head:65536``, another scheme.

    >>> parse_address("10.0.0.5:6379"), parse_address("ray://head:10001"), parse_address("auto")
    (('10.0.0.5', 6379), ('head', 10001), None)
    """
    if address in (LOCAL, "auto"):
        return None
    found = _ADDRESS.fullmatch(address)
    if found is None:
        raise ClusterError(_address_problem(address))
    text = found["port"]
    port = int(text) if text.isascii() and text.isdigit() else None
    if port is None or not 1 <= port <= MAX_PORT:
        if not text:
            raise ClusterError(_address_problem(address))
        raise ClusterError(
            _("--ray {address}: the port {port} is not a number from 1 to {most}").format(
                address=repr(address), port=repr(text), most=MAX_PORT
            )
        )
    return found["host"].strip("[]"), port


def _tls() -> bool:
    """Whether Ray is told to speak TLS (``RAY_USE_TLS``): then no HTTP/2 of ours answers."""
    return os.environ.get("RAY_USE_TLS", "").strip().lower() in ("1", "true")


def _reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> str | None:
    """``None`` when a Ray cluster seems to answer at ``address`` (or it names no port),
    else why not, in a few words: nothing listens (the system's words), or something listens
    that does not answer as Ray does (gRPC over HTTP/2: a SETTINGS frame first) within
    ``timeout`` seconds, so that a wrong port is found out at once, not after Ray's minutes
    of retries. Raises :class:`ClusterError` for an address that is none
    (:func:`parse_address`)."""
    import time

    target = parse_address(address)
    if target is None:
        return None
    try:
        with socket.create_connection(target, timeout=timeout) as conn:
            if _tls():
                return None
            deadline = time.monotonic() + timeout
            conn.sendall(_H2_PREFACE)
            head = b""
            while len(head) < 9:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                conn.settimeout(left)
                got = conn.recv(9 - len(head))
                if not got:
                    break
                head += got
    except TimeoutError:
        return _("something listens there, but it does not answer as Ray does")
    except OSError as exc:
        return exc.strerror or str(exc) or type(exc).__name__
    if len(head) < 9 or head[3] != _H2_SETTINGS:
        return _("something listens there, but it does not answer as Ray does")
    return None


@contextlib.contextmanager
def _quiet_ray(*, streams: bool) -> Iterator[None]:
    """Keep Ray's own words off the terminal while it connects: its Python loggers (an
    ``ERROR`` line and a traceback before our one line) and, with ``streams``, what its core
    writes on the standard streams (warnings of retries). A Ray that this process starts
    (``local``) keeps its streams: its processes would inherit the redirection."""
    logger = logging.getLogger("ray")
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    saved: list[tuple[int, int]] = []
    try:
        if streams:
            import sys
            import tempfile

            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(AttributeError, OSError, ValueError):
                    stream.flush()
            sink = tempfile.TemporaryFile()
            try:
                for fd in (1, 2):
                    with contextlib.suppress(OSError):
                        saved.append((fd, os.dup(fd)))
                        os.dup2(sink.fileno(), fd)
            finally:
                sink.close()
        yield
    finally:
        for fd, copy in saved:
            with contextlib.suppress(OSError):
                os.dup2(copy, fd)
                os.close(copy)
        logger.setLevel(level)


def _has_token() -> bool:
    """Whether a Ray authentication token is at hand: ``RAY_AUTH_TOKEN``,
    ``RAY_AUTH_TOKEN_PATH`` or ``~/.ray/auth_token`` (where ``ray start`` writes it)."""
    if os.environ.get("RAY_AUTH_TOKEN") or os.environ.get("RAY_AUTH_TOKEN_PATH"):
        return True
    return (Path.home() / ".ray" / "auth_token").is_file()


def _first_line(text: str) -> str:
    lines = [line.strip() for line in _ANSI.sub("", text).splitlines() if line.strip()]
    return lines[0] if lines else ""


def _why(exc: BaseException) -> str:
    """One line for a task that failed every retry: the deal's own exception when it raised
    one, else Ray's reason (a worker died)."""
    cause = getattr(exc, "cause", None)
    if isinstance(cause, BaseException) and not isinstance(cause, type(exc)):
        return f"{type(cause).__name__}: {_first_line(str(cause))}"
    return f"{type(exc).__name__}: {_first_line(str(exc))}"


def _play_chunk(works: list[Work]) -> list[DealRecord]:
    """A task: the deals of ``works``, played in a worker, in their order."""
    return [_worker_deal(work) for work in works]


def _worker_version() -> str:
    """A probe task: the version of cardavia that a worker imports."""
    return __version__


@dataclass
class RayExecutor:
    """Plays an arena's schedule as Ray tasks; pass it to ``run_arena(executor=...)``.

    Use it as a context manager: entering connects to the cluster at ``address`` (``"local"``:
    a new local Ray started for the run with ``cpus`` CPUs, all of them when ``None``; a Ray
    address such as ``"10.0.0.5:6379"``, ``"auto"`` or ``"ray://head:10001"``: that running
    cluster) and checks that a worker runs the same version of cardavia; leaving shuts down a
    Ray it started. A process already connected to Ray (``ray.init`` called before) keeps that
    connection and ``address`` is not used.

    ``retries`` is Ray's ``max_retries`` for a task whose worker died and for a task that
    raised (``retry_exceptions``); ``chunk`` fixes the deals per task (default
    :func:`chunk_size`); at most ``window`` tasks per CPU are ahead of the first unfinished
    one, so memory stays bounded however long the run. ``on_notice(line)`` receives, one line
    each, Ray's notices to this process (a task retried, a worker died).

    Raises :class:`ClusterError` on entering when Ray is missing, the address cannot be
    reached or connected to, or the workers cannot run cardavia.
    """

    address: str = LOCAL
    cpus: int | None = None
    retries: int = 3
    chunk: int | None = None
    window: int = 4
    on_notice: Callable[[str], None] | None = None
    _ray: Any = field(default=None, init=False, repr=False)
    _started: bool = field(default=False, init=False, repr=False)
    _restore: Callable[[], None] | None = field(default=None, init=False, repr=False)

    # -- the connection ------------------------------------------------------------------------

    def __enter__(self) -> RayExecutor:
        ray = _import_ray()
        self._ray = ray
        if not ray.is_initialized():
            self._connect(ray)
        self._quiet_notices(ray)
        try:
            self._probe(ray)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        if self._restore is not None:
            self._restore()
            self._restore = None
        if self._started and self._ray is not None:
            self._started = False
            self._ray.shutdown()

    def init_options(self) -> dict[str, Any]:
        """The options of ``ray.init`` for this run: no dashboard, no worker logs, and the
        environment the workers must search with (``CARDAVIA_SEARCH_BUDGET``, when this
        process has it: a cluster's nodes have their own environment)."""
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.ERROR,
        }
        budget = os.environ.get(BUDGET_ENV)
        if budget is not None:
            options["runtime_env"] = {"env_vars": {BUDGET_ENV: budget}}
        return options

    def _connect(self, ray: Any) -> None:
        options = self.init_options()
        if self.address == LOCAL:
            options["num_cpus"] = self.cpus
            # a Ray of our own for one run: it reports nothing about its use to anyone
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        else:
            if AUTH_MODE not in os.environ and _has_token():
                # a cluster started by `ray start --head` wants its token, which Ray sends to
                # an address given by hand only in token mode
                os.environ[AUTH_MODE] = "token"
            parse_address(self.address)  # a value that is no address never reaches Ray
            target = self._bootstrap()
            problem = _reachable(target)
            if problem is not None:
                raise ClusterError(
                    _("--ray {address}: cannot reach a Ray cluster at {target} ({problem})").format(
                        address=self.address, target=target, problem=problem
                    )
                )
        try:
            with _quiet_ray(streams=self.address != LOCAL):
                ray.init(address=self.address, **options)
        except (ConnectionError, RuntimeError, ValueError, OSError) as exc:
            raise ClusterError(
                _(
                    "--ray {address}: cannot connect to Ray ({problem}; a cluster with token "
                    "authentication needs its token in ~/.ray/auth_token or RAY_AUTH_TOKEN)"
                ).format(address=self.address, problem=_first_line(str(exc)))
            ) from None
        self._started = True

    def _bootstrap(self) -> str:
        """The address that ``ray.init`` will connect to: ``address`` itself, or for
        ``auto`` the one Ray finds (``RAY_ADDRESS``, the last cluster started on this machine),
        so that a cluster that has stopped since is found out at once."""
        if self.address != "auto":
            return self.address
        try:
            services: Any = importlib.import_module("ray._private.services")
            with _quiet_ray(streams=False):
                found = services.get_ray_address_from_environment("auto", None)
        except ConnectionError:
            raise ClusterError(
                _("--ray auto: no Ray cluster is running on this machine (ray start --head)")
            ) from None
        except Exception:  # Ray's internals changed: ray.init finds the cluster itself
            return self.address
        return str(found) if found else self.address

    def _quiet_notices(self, ray: Any) -> None:
        """Hand Ray's notices to the driver (which Ray prints on standard output) to
        ``on_notice``, one line each, for as long as the executor is open."""
        try:
            worker: Any = importlib.import_module("ray._private.worker")
        except ImportError:
            return
        original = getattr(worker, "print_to_stdstream", None)
        if original is None:
            return
        notice = self.on_notice

        def to_notice(data: dict[str, Any], ignore_prefix: bool = False) -> None:
            if not isinstance(data, dict) or data.get("pid") != "raylet":
                original(data, ignore_prefix)
                return
            if notice is not None:
                for text in data.get("lines", []):
                    line = _first_line(str(text))
                    if line:
                        notice(f"ray: {line}")

        worker.print_to_stdstream = to_notice

        def restore() -> None:
            worker.print_to_stdstream = original

        self._restore = restore

    def _probe(self, ray: Any) -> None:
        """One small task: a worker imports cardavia, and the same version as this process."""
        probe = ray.remote(num_cpus=0, max_retries=0)(_worker_version)
        try:
            theirs = ray.get(probe.remote(), timeout=PROBE_TIMEOUT)
        except Exception as exc:  # any failure of the probe: the workers cannot run cardavia
            raise ClusterError(
                _(
                    "--ray: the cluster's workers cannot run cardavia (install cardavia "
                    "{version} on every node): {problem}"
                ).format(version=__version__, problem=_why(exc))
            ) from None
        if theirs != __version__:
            raise ClusterError(
                _(
                    "--ray: the cluster's workers run cardavia {theirs}, this is {ours}: install "
                    "the same version on every node"
                ).format(theirs=theirs, ours=__version__)
            )

    @property
    def cluster_cpus(self) -> int:
        """The CPUs of the connected cluster (at least 1)."""
        if self._ray is None:
            raise RuntimeError("RayExecutor is used inside 'with', which connects it")
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    # -- the run -------------------------------------------------------------------------------

    def records(
        self, work: Iterator[Work], deals: int, progress: Progress | None = None
    ) -> Iterator[DealRecord | FailedDeal]:
        """The records of the ``deals`` deals of ``work`` (the schedule's order), played as
        Ray tasks; a deal that failed every retry is a :class:`FailedDeal` in its place.
        ``progress(done, deals)`` is called as results come back (in any order). Closing the
        iterator early, or Ctrl-C while it waits, cancels the tasks still outstanding. Raises
        :class:`ClusterError` when the connection to the cluster fails during the run."""
        ray = self._ray
        if ray is None:
            raise RuntimeError("RayExecutor is used inside 'with', which connects it")
        cpus = self.cluster_cpus
        size = self.chunk or chunk_size(deals, cpus)
        window = max(2, self.window * cpus)
        task = ray.remote(num_cpus=1, max_retries=self.retries, retry_exceptions=True)(_play_chunk)
        chunks = iter(lambda: list(islice(work, size)), [])
        sent: dict[int, list[Work]] = {}  # chunk index -> its work, until it is handed back
        slots: dict[int, list[DealRecord | FailedDeal | None]] = {}
        pending: dict[Any, tuple[int, int | None]] = {}  # task -> (chunk, deal in it or None)
        submitted = handed = arrived = 0
        exhausted = False
        try:
            while True:
                while not exhausted and submitted - handed < window:
                    chunk = next(chunks, None)
                    if chunk is None:
                        exhausted = True
                        break
                    sent[submitted], slots[submitted] = chunk, [None] * len(chunk)
                    pending[task.remote(chunk)] = (submitted, None)
                    submitted += 1
                while handed in slots and all(r is not None for r in slots[handed]):
                    for record in slots.pop(handed):
                        assert record is not None
                        yield record
                    del sent[handed]
                    handed += 1
                if not pending:
                    if exhausted and handed == submitted:
                        return
                    continue
                try:
                    done, _waiting = ray.wait(list(pending), num_returns=1, timeout=POLL)
                except Exception as exc:  # the connection itself failed: no result to give
                    raise ClusterError(
                        _("--ray: the cluster was lost during the run ({problem})").format(
                            problem=_why(exc)
                        )
                    ) from None
                for ref in done:
                    index, position = pending.pop(ref)
                    try:
                        got: list[DealRecord | FailedDeal] = list(ray.get(ref))
                    except ray.exceptions.RayError as exc:
                        works = sent[index]
                        if position is None and len(works) > 1:
                            for p, one in enumerate(works):  # each deal alone, with its retries
                                pending[task.remote([one])] = (index, p)
                            continue
                        got = [FailedDeal(works[position or 0][3], _why(exc))]
                    if position is None:
                        slots[index] = list(got)
                    else:
                        slots[index][position] = got[0]
                    arrived += len(got)
                    if progress is not None:
                        progress(arrived, deals)
        finally:
            # force: the worker of a running task is stopped at once, so the cluster's CPUs
            # come back even when a task does not answer the polite interrupt in time
            _cancel(ray, list(pending))


def _cancel(ray: Any, refs: list[Any], tries: int = 20, wait: float = 0.25) -> None:
    """Cancel the tasks of ``refs`` and make sure of it: a cancel that reaches a task while it
    is being given a worker can be lost, so the tasks not finished after ``wait`` seconds are
    cancelled again, ``tries`` times at most (a few seconds)."""
    for ref in refs:
        ray.cancel(ref, force=True)
    for _try in range(tries):
        if not refs:
            return
        _done, refs = ray.wait(refs, num_returns=len(refs), timeout=wait)
        for ref in refs:
            ray.cancel(ref, force=True)
