"""Engine processes for the rig: engine descriptions on the command line (a path, a preset
such as stockfish2400 or phalanx, @LABEL for a --build, or key=value,... with cmd=, name=,
proto=, arg=, opt.NAME=, nodes=; the syntax is in `python3 -m rig.sprt --help`), one
python-chess engine process per worker, and wingtip built at a git revision.

UCI engines keep one process per worker for the whole run (a ucinewgame before each game);
xboard engines get a fresh process for every game (sjeng once replayed an old game's move
after `new`).
"""

import atexit
import os
import shutil
import subprocess
import tempfile

import chess.engine

PRESETS = {
    "stockfish": (["stockfish"], "uci", {"Threads": 1, "Hash": 16}),
    "glaurung": (["glaurung"], "uci", {"Threads": 1, "Hash": 16}),
    "toga2": (["toga2"], "uci", {"Hash": 16}),
    "ethereal": (["ethereal-chess"], "uci", {"Threads": 1, "Hash": 16}),
    "phalanx": (["phalanx", "-l-"], "xboard", {}),
    "sjeng": (["sjeng"], "xboard", {}),
    "gnuchess": (["gnuchessx"], "xboard", {}),
}


class SpecError(ValueError):
    """A bad engine description on the command line."""


class EngineSpec:
    """How to start one engine: command, protocol, options and a display name."""

    def __init__(self, cmd, proto="uci", options=None, name=None):
        self.nodes = None  # a node budget of this engine's own (overrides --nodes)
        self.cmd = list(cmd)
        self.proto = proto
        self.options = dict(options or {})
        self.name = name

    def label(self):
        return self.name or os.path.basename(self.cmd[0])


def parse_spec(text, builds):
    """Parses an engine description (see the module doc); `builds` maps @labels to binaries."""

    def base(token):
        if token.startswith("@"):
            label = token[1:]
            if label not in builds:
                raise SpecError(f"{token}: no --build {label}=REV given")
            return EngineSpec([builds[label]], "uci", {}, label)
        m = token
        if m.startswith("stockfish") and m[len("stockfish"):].isdigit():
            cmd, proto, opts = PRESETS["stockfish"]
            opts = dict(opts, UCI_LimitStrength=True, UCI_Elo=int(m[len("stockfish"):]))
            return EngineSpec(cmd, proto, opts, m)
        if m in PRESETS:
            cmd, proto, opts = PRESETS[m]
            return EngineSpec(cmd, proto, opts, m)
        return EngineSpec([m], "uci", {}, None)

    parts = [p for p in text.split(",") if p]
    if not parts:
        raise SpecError("empty engine description")
    spec = None
    extra_args, opts, name, proto, nodes = [], {}, None, None, None
    for part in parts:
        if "=" not in part:
            if spec is not None:
                raise SpecError(f"{text}: more than one engine command")
            spec = base(part)
            continue
        key, value = part.split("=", 1)
        if key == "cmd":
            if spec is not None:
                raise SpecError(f"{text}: more than one engine command")
            spec = base(value)
        elif key == "name":
            name = value
        elif key == "proto":
            if value not in ("uci", "xboard"):
                raise SpecError(f"{text}: proto must be uci or xboard")
            proto = value
        elif key == "arg":
            extra_args.append(value)
        elif key == "nodes":
            if not value.isdigit() or int(value) < 1:
                raise SpecError(f"{text}: nodes must be a positive integer")
            nodes = int(value)
        elif key.startswith("opt."):
            opts[key[4:]] = value
        else:
            raise SpecError(f"{text}: unknown key {key!r}")
    if spec is None:
        raise SpecError(f"{text}: no engine command (cmd=...)")
    spec.cmd += extra_args
    spec.options.update(opts)
    if proto:
        spec.proto = proto
    if name:
        spec.name = name
    spec.nodes = nodes
    return spec


class Player:
    """One engine process owned by one worker thread."""

    def __init__(self, spec):
        self.spec = spec
        self.engine = None

    def new_game(self):
        if self.engine is not None and self.spec.proto == "xboard":
            self.close()
        if self.engine is None:
            popen = (chess.engine.SimpleEngine.popen_uci if self.spec.proto == "uci"
                     else chess.engine.SimpleEngine.popen_xboard)
            self.engine = popen(self.spec.cmd, stderr=subprocess.DEVNULL)
            options = {}
            for key, value in self.spec.options.items():
                if key in self.engine.options:
                    options[key] = value
            if options:
                self.engine.configure(options)

    def close(self):
        if self.engine is not None:
            try:
                self.engine.quit()
            except Exception:  # noqa: BLE001 - a dead engine cannot quit cleanly
                try:
                    self.engine.close()
                except Exception:  # noqa: BLE001
                    pass
            self.engine = None


def build_revision(label, rev, repo):
    """Builds wingtip at git revision `rev` from a `git archive` export in a temporary
    directory (the repository's worktrees are not touched); returns the binary, kept in that
    directory until the run ends, and the commit id. Cargo's target directory is `target/rig`
    of the repository, so dependencies are compiled once for all builds; the export's files
    get the current time (`tar -m`) so that cargo, which compares modification times, cannot
    take an older revision's build for this one."""
    tmp = tempfile.mkdtemp(prefix=f"wingtip-{label}-")
    tree = os.path.join(tmp, "src")
    try:
        sha = subprocess.run(["git", "-C", repo, "rev-parse", "--verify", f"{rev}^{{commit}}"],
                             check=True, capture_output=True, text=True).stdout.strip()
        os.makedirs(tree)
        archive = subprocess.run(["git", "-C", repo, "archive", "--format=tar", sha], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-m", "-C", tree], input=archive, check=True, capture_output=True)
        print(f"building {label} = {rev} ({sha[:10]}) in {tree}", flush=True)
        target = os.path.join(repo, "target", "rig")
        env = dict(os.environ, CARGO_TARGET_DIR=target)
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "wingtip"], cwd=tree,
                       check=True, env=env)
        binary = os.path.join(tmp, f"wingtip-{label}")
        shutil.copy2(os.path.join(target, "release", "wingtip"), binary)
    except subprocess.CalledProcessError as err:
        shutil.rmtree(tmp, ignore_errors=True)
        detail = err.stderr or b""
        detail = (detail.decode("utf-8", "replace") if isinstance(detail, bytes) else detail)
        detail = detail.strip().splitlines()
        raise SystemExit(f"rig: --build {label}={rev} failed: {' '.join(err.cmd[:3])}"
                         f"{': ' + detail[-1] if detail else ''}")
    finally:
        shutil.rmtree(tree, ignore_errors=True)
    atexit.register(shutil.rmtree, tmp, True)
    return binary, sha
