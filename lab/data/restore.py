#!/usr/bin/env python3
"""Restore research data files from git history into lab/data/.

The research data (self-play positions, labelled positions, match games,
candidate networks, an SPSA state) is not in the tip of the repository. Each
file was committed once and removed later, so git history keeps it.
lab/data/MANIFEST.tsv lists every file: its name here, its path inside the
commit that holds it, that commit, its SHA-256, its size in bytes and one line
on how it was made.

    python3 lab/data/restore.py selfplay-gen7.txt.xz        # into lab/data/
    python3 lab/data/restore.py --all --out /tmp/data        # everything
    python3 lab/data/restore.py --list                       # name, bytes, recipe

Each file is read with `git show <commit>:<path>` in the repository that holds
this script, checked against the manifest's size and SHA-256, written to a
temporary file in the output folder and then linked to its name. An existing
file is never overwritten: if it already has the manifest's checksum it is
reported as already there, otherwise it is an error and the file is left alone.

Errors are one line, `restore.py: <name>: <reason>`, and the exit status is 1:
an unknown name (then nothing is restored), a commit missing from this clone
(a shallow clone: `git fetch --unshallow`), a checksum or size mismatch, git
not found. With several names, the other files are still restored.

Python 3.9+, standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional

PROG = "restore.py"
HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
DEFAULT_MANIFEST = HERE / "MANIFEST.tsv"
COLUMNS = ["name", "path", "commit", "sha256", "bytes", "recipe"]
CHUNK = 1 << 20


class Failure(Exception):
    """One file could not be restored; str(self) is the reason."""


class Entry(NamedTuple):
    name: str
    path: str
    commit: str
    sha256: str
    size: int
    recipe: str


def error(subject: str, reason: str) -> None:
    print(f"{PROG}: {subject}: {reason}", file=sys.stderr)


def read_manifest(path: Path) -> Dict[str, Entry]:
    """Parse the manifest; raise Failure with the line at fault."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise Failure(f"cannot read the manifest: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise Failure("the manifest is not UTF-8") from None
    lines = text.splitlines()
    if not lines or lines[0].split("\t") != COLUMNS:
        raise Failure("line 1: the header is not " + "\\t".join(COLUMNS))
    entries: Dict[str, Entry] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != len(COLUMNS):
            raise Failure(f"line {number}: {len(fields)} fields, expected {len(COLUMNS)}")
        name, gpath, commit, sha, size, recipe = fields
        if not name or name in (".", "..") or "/" in name or "\\" in name:
            raise Failure(f"line {number}: {name!r} is not a plain file name")
        if not re.fullmatch(r"[0-9a-f]{40}", commit):
            raise Failure(f"line {number}: commit {commit!r} is not 40 hex digits")
        if not re.fullmatch(r"[0-9a-f]{64}", sha):
            raise Failure(f"line {number}: sha256 {sha!r} is not 64 hex digits")
        if not size.isdigit():
            raise Failure(f"line {number}: bytes {size!r} is not a number")
        if not gpath or gpath.startswith("/"):
            raise Failure(f"line {number}: path {gpath!r} is not a path inside a commit")
        if name in entries:
            raise Failure(f"line {number}: {name} is listed twice")
        entries[name] = Entry(name, gpath, commit, sha, int(size), recipe)
    return entries


def git(*args: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", "-C", str(REPO_ROOT), *args],
                              stdin=subprocess.DEVNULL, capture_output=True)
    except FileNotFoundError:
        raise Failure("git not found on PATH") from None
    except OSError as e:
        raise Failure(f"cannot run git: {e.strerror or e}") from None


def first_line(data: bytes) -> str:
    text = data.decode("utf-8", "replace").strip()
    return text.splitlines()[0] if text else "no message"


def check_commit(entry: Entry) -> None:
    probe = git("rev-parse", "--is-inside-work-tree")
    if probe.returncode != 0:
        raise Failure(f"{REPO_ROOT} is not a git repository ({first_line(probe.stderr)})")
    found = git("cat-file", "-e", f"{entry.commit}^{{commit}}")
    if found.returncode != 0:
        raise Failure(f"commit {entry.commit[:12]} is not in this clone "
                      "(a shallow clone? run: git fetch --unshallow)")


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch_blob(entry: Entry, out: Path) -> None:
    """Write the blob of entry to the open temp file out, checking size and checksum."""
    spec = f"{entry.commit}:{entry.path}"
    digest = hashlib.sha256()
    size = 0
    try:
        proc = subprocess.Popen(["git", "-C", str(REPO_ROOT), "show", spec],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
    except FileNotFoundError:
        raise Failure("git not found on PATH") from None
    with proc, open(out, "wb") as sink:
        assert proc.stdout is not None and proc.stderr is not None
        for block in iter(lambda: proc.stdout.read(CHUNK), b""):
            digest.update(block)
            size += len(block)
            sink.write(block)
        stderr = proc.stderr.read()
        sink.flush()
        os.fsync(sink.fileno())
    if proc.returncode != 0:
        raise Failure(f"git show {entry.commit[:12]}:{entry.path} failed: {first_line(stderr)}")
    if size != entry.size:
        raise Failure(f"{size} bytes in {entry.commit[:12]}:{entry.path}, "
                      f"the manifest says {entry.size}")
    got = digest.hexdigest()
    if got != entry.sha256:
        raise Failure(f"sha256 {got} does not match the manifest's {entry.sha256}")


def place(temp: Path, dest: Path) -> None:
    """Give temp the name dest without ever replacing an existing file."""
    try:
        os.link(temp, dest)  # fails if dest exists: no overwrite, atomic
    except FileExistsError:
        raise Failure(f"{dest} appeared while restoring; left as it is") from None
    except OSError:
        # A file system without hard links: check, then rename (same folder).
        if os.path.lexists(dest):
            raise Failure(f"{dest} appeared while restoring; left as it is") from None
        os.rename(temp, dest)


def restore(entry: Entry, outdir: Path) -> str:
    """Restore one file; return the message for success, raise Failure otherwise."""
    dest = outdir / entry.name
    if os.path.lexists(dest):
        if dest.is_file() and file_sha256(dest) == entry.sha256:
            return f"{dest}: already there (sha256 matches)"
        raise Failure(f"{dest} exists with a different checksum; left as it is")
    check_commit(entry)
    try:
        outdir.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=outdir, prefix=f".{entry.name}.", suffix=".part")
    except OSError as e:
        raise Failure(f"cannot write in {outdir}: {e.strerror or e}") from None
    os.close(fd)
    temp = Path(tmp)
    os.chmod(temp, 0o666 & ~current_umask())  # mkstemp makes it 0600
    try:
        fetch_blob(entry, temp)
        place(temp, dest)
    except OSError as e:
        raise Failure(f"cannot write {dest}: {e.strerror or e}") from None
    finally:
        try:
            temp.unlink()
        except FileNotFoundError:
            pass
    return f"{dest}: restored ({entry.size:,} bytes, {entry.commit[:12]}:{entry.path})"


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def print_list(entries: Dict[str, Entry]) -> None:
    print("name\tbytes\trecipe")
    for entry in entries.values():
        print(f"{entry.name}\t{entry.size}\t{entry.recipe}")


def parse_args(argv: Optional[List[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Restore research data files listed in lab/data/MANIFEST.tsv "
                    "from git history (git show <commit>:<path>), checked against "
                    "their SHA-256 and size. Never overwrites a file.",
        epilog="Examples: restore.py selfplay-gen7.txt.xz; restore.py --all --out /tmp/data; "
               "restore.py --list.")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help="file names from the manifest's first column")
    parser.add_argument("--all", action="store_true", help="restore every file in the manifest")
    parser.add_argument("--list", action="store_true",
                        help="print the manifest (name, bytes, recipe) and exit")
    parser.add_argument("--out", metavar="DIR", type=Path, default=HERE,
                        help=f"output folder (default: {HERE})")
    parser.add_argument("--manifest", metavar="PATH", type=Path, default=DEFAULT_MANIFEST,
                        help=f"manifest to read (default: {DEFAULT_MANIFEST})")
    args = parser.parse_args(argv)
    if not args.list and not args.all and not args.names:
        parser.error("name a file, or give --all or --list")
    if args.all and args.names:
        parser.error("--all takes no names")
    return args


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    try:
        entries = read_manifest(args.manifest)
    except Failure as e:
        error(str(args.manifest), str(e))
        return 1
    if args.list:
        try:
            print_list(entries)
            sys.stdout.flush()
        except BrokenPipeError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    names = list(entries) if args.all else list(dict.fromkeys(args.names))
    unknown = [n for n in names if n not in entries]
    for name in unknown:
        error(name, "not in the manifest (restore.py --list shows the names)")
    if unknown:
        return 1
    status = 0
    for name in names:
        try:
            print(restore(entries[name], args.out))
        except Failure as e:
            error(name, str(e))
            status = 1
    return status


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        error("interrupted", "stopped; no file was left half-written")
        sys.exit(130)
