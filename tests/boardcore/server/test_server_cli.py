"""``boardcore serve`` at the command line: its help, clean errors, and what it
says when the server extra is missing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from boardcore import cli


def test_serve_help_lists_every_option_with_help(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["serve", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--bot-delay", "--log-level"):
        assert option in out
    assert 'pip install "boardcore[server]"' in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--port", "70000"], "a port is from 0 to 65535"),
        (["--port", "eighty"], "expected a whole number"),
        (["--bot-delay", "-1"], "must be from 0 to 60 seconds"),
        (["--log-level", "loud"], "invalid choice"),
    ],
)
def test_bad_arguments_are_refused_in_a_sentence(capsys, argv, message):
    with pytest.raises(SystemExit) as done:
        cli.main(["serve", *argv])
    assert done.value.code == 2
    assert message in capsys.readouterr().err


def test_a_database_that_cannot_be_used_is_refused_before_serving(tmp_path, capsys):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"not a database at all" * 100)
    assert cli.main(["serve", "--port", "0", "--db", str(bad)]) == 2
    assert "cannot be used as a match store" in capsys.readouterr().err


def test_an_address_in_use_is_refused_before_serving(tmp_path, capsys):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port), "--db", str(tmp_path / "m.sqlite3")]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


def test_without_the_server_extra_serve_says_how_to_install_it():
    # a fresh interpreter in which Starlette cannot be imported
    code = (
        "import sys; sys.modules['starlette'] = None\n"
        "from boardcore import cli\n"
        "sys.exit(cli.main(['serve']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert 'pip install "boardcore[server]"' in done.stderr and "Traceback" not in done.stderr
