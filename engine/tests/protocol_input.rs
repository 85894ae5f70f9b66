//! Hostile input on standard input, through the engine binary: NUL, ESC, C1
//! controls, a carriage return inside a token, invalid UTF-8 and very long lines.
//! Every reply that names the bad input is one printable line of bounded length,
//! and the engine still answers `isready` (UCI) and `ping` (xboard) afterwards.
//! Also the castling rights of `position fen` and `setboard` by the game's rules.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The longest reply line that quotes input (a diagnostic's own words plus
/// quotes of at most 60 characters and an ellipsis each).
const MAX_REPLY: usize = 300;

/// Runs the engine with `input` on standard input (closed after it) and returns
/// its output lines; fails if it does not end within 60 s.
fn session(input: &[u8]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wingtip"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run wingtip");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let mut stdout = child.stdout.take().unwrap();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        let _ = send.send(bytes);
    });
    let Ok(bytes) = receive.recv_timeout(Duration::from_secs(60)) else {
        let _ = child.kill();
        panic!("the engine did not end");
    };
    writer.join().unwrap().expect("input written");
    assert!(child.wait().unwrap().success());
    // Lines end with `\n` only: a `\r` left in a line is a leak.
    let text = String::from_utf8(bytes).expect("the engine writes UTF-8");
    assert!(text.is_empty() || text.ends_with('\n'), "{text:?}");
    text.split('\n')
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Checks every line is printable, and those that may quote input are bounded.
fn check_printable(lines: &[String]) {
    for line in lines {
        assert!(!line.chars().any(char::is_control), "{line:?}");
        if ["info string", "Error", "Illegal move", "pong"]
            .iter()
            .any(|p| line.starts_with(p))
        {
            assert!(line.chars().count() <= MAX_REPLY, "{line:?}");
        }
    }
}

/// The bad lines both protocols get: each must be answered on one line, quoted.
fn hostile_lines() -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = [
        &b"fro\0b"[..],
        b"\x1b[2J\x1b[31mred",
        b"is\rready",
        b"\xc2\x9b6n",          // U+009B, the C1 control sequence introducer
        b"bad\xff\xfeutf8\x07", // invalid UTF-8 and a bell
        b"e2e4\x1b",
        b"x\xe2\x80\xaey", // U+202E, right-to-left override
    ]
    .iter()
    .map(|l| l.to_vec())
    .collect();
    lines.push(vec![b'z'; 200_000]);
    lines.push([&b"z"[..], &vec![0u8; 50_000]].concat());
    lines
}

#[test]
fn uci_replies_to_control_characters_are_single_printable_lines() {
    let mut input = b"uci\n".to_vec();
    let mut bad = 0;
    for line in hostile_lines() {
        input.extend(&line);
        input.push(b'\n');
        bad += 1;
    }
    for line in [
        &b"position startpos moves e2e4 \0"[..],
        b"position fen \x1b[2J w - - 0 1",
        b"setoption name Hash value 1\x00",
        b"setoption name \x1b]0;title\x07 value 1",
        b"setoption name UCI_Chess960 value \x1b",
    ] {
        input.extend(line);
        input.push(b'\n');
        bad += 1;
    }
    // A long `go` line gets a few lines, not one per bad word; the search it
    // starts is stopped.
    input.extend(b"go depth 1 ");
    input.extend(b"\x07 ".repeat(20_000));
    input.extend(b"\nstop\nisready\nquit\n");
    let lines = session(&input);
    check_printable(&lines);
    let strings: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(strings.len(), bad + 5, "{strings:#?}");
    assert!(
        strings.iter().any(|l| l.contains("fro\\u{0}b")),
        "{strings:#?}"
    );
    assert!(strings.iter().any(|l| l.contains("is\\u{d}ready")));
    assert!(strings
        .iter()
        .any(|l| l.contains("\\u{1b}[2J\\u{1b}[31mred")));
    assert!(strings.iter().any(|l| l.contains("\\u{9b}6n")));
    assert!(strings.iter().any(|l| l.contains("x\\u{202e}y")));
    assert!(strings.iter().any(|l| l.ends_with("zzz…")));
    assert!(strings.iter().any(|l| l.ends_with("\\u{0}\\u{0}…")));
    assert!(strings
        .iter()
        .any(|l| l.ends_with("more problems in this line, not listed")));
    let ready = lines.iter().position(|l| l == "readyok").expect("readyok");
    assert!(lines[..ready].iter().any(|l| l.starts_with("bestmove ")));
}

#[test]
fn xboard_replies_to_control_characters_are_single_printable_lines() {
    let mut input = b"xboard\nprotover 2\nnew\nforce\n".to_vec();
    let mut bad = 0;
    for line in hostile_lines() {
        input.extend(&line);
        input.push(b'\n');
        bad += 1;
    }
    for line in [
        &b"usermove e2e4\x1b"[..],
        b"usermove \0",
        b"setboard \x1b[2J w - - 0 1",
        b"level 0 \x07 0",
        b"sd \xc2\x9b",
        b"variant \0",
    ] {
        input.extend(line);
        input.push(b'\n');
        bad += 1;
    }
    input.extend(b"ping \0\x1b\nping 5\nquit\n");
    let lines = session(&input);
    check_printable(&lines);
    let replies: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("Error") || l.starts_with("Illegal move"))
        .collect();
    assert_eq!(replies.len(), bad, "{replies:#?}");
    assert!(replies.contains(&&"Error (unknown command): fro\\u{0}b".to_string()));
    assert!(replies.contains(&&"Error (unknown command): is\\u{d}ready".to_string()));
    assert!(replies
        .iter()
        .any(|l| l.starts_with("Illegal move (") && l.ends_with("): e2e4\\u{1b}")));
    assert!(replies.iter().any(|l| l.ends_with("zzz…")));
    let n = lines.len();
    assert_eq!(
        lines[n - 2..],
        ["pong \\u{0}\\u{1b}", "pong 5"],
        "{lines:#?}"
    );
}

#[test]
fn castling_rights_follow_the_game_in_both_protocols() {
    // The king on d1 with corner rooks: Chess960 castling only. Standard chess
    // refuses it and keeps the previous position (after e2e4: 20 black moves).
    let d1 = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
    let input = format!(
        "uci\nposition startpos moves e2e4\nposition fen {d1}\ngo perft 1\n\
         setoption name UCI_Chess960 value true\nposition fen {d1}\ngo perft 1\nisready\nquit\n"
    );
    let lines = session(input.as_bytes());
    check_printable(&lines);
    let refused = lines
        .iter()
        .find(|l| l.starts_with("info string invalid fen"))
        .expect("the FEN refused");
    assert!(
        refused.contains("castling right 'K' needs the white king on e1 and a rook on h1"),
        "{refused}"
    );
    let totals: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("Nodes searched: "))
        .collect();
    assert_eq!(totals, ["Nodes searched: 20", "Nodes searched: 26"]);
    // Chess960's 26 moves, each listed once.
    let start = lines
        .iter()
        .position(|l| l == "Nodes searched: 20")
        .unwrap();
    let mut moves: Vec<&str> = lines[start..]
        .iter()
        .filter_map(|l| l.split_once(": ").map(|(m, _)| m))
        .filter(|m| m.len() == 4)
        .collect();
    moves.sort();
    let listed = moves.len();
    moves.dedup();
    assert_eq!((listed, moves.len()), (26, 26), "{moves:?}");
    assert!(moves.contains(&"d1a1") && moves.contains(&"d1h1"));
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));

    // xboard: refused in `variant normal`, read in `variant fischerandom`.
    let input = format!(
        "xboard\nprotover 2\nnew\nforce\nsetboard {d1}\nping 1\nvariant fischerandom\n\
         setboard {d1}\nping 2\nquit\n"
    );
    let lines = session(input.as_bytes());
    check_printable(&lines);
    let first = lines.iter().position(|l| l == "pong 1").unwrap();
    assert!(
        lines[first - 1].starts_with("Error (bad fen: fen: illegal position: castling right 'K'"),
        "{lines:#?}"
    );
    assert_eq!(lines[first + 1], "pong 2", "{lines:#?}");
}
