//! The engine loop. (Placeholder until the search lands.)

/// Speaks UCI on stdin/stdout.
pub fn run() {
    use std::io::BufRead;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        match line.trim() {
            "uci" => println!("id name wingtip\nuciok"),
            "isready" => println!("readyok"),
            "quit" => break,
            other => println!("info string unknown command: {other}"),
        }
    }
}
