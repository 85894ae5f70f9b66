//! The hunt's progress as a picture: compact-table entries against time spent
//! hunting, one line per shard, from the shards' logs ([`log_path`]).

use crate::hunt::{log_path, parse_log, LogEvent};
use crate::Family;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// One shard's log of one family.
#[derive(Clone, Debug)]
pub struct Series {
    /// The shard's folder, as named in the legend.
    pub label: String,
    /// The family.
    pub family: Family,
    /// The events, in time order.
    pub events: Vec<LogEvent>,
}

/// Why a plot could not be made.
#[derive(Debug)]
pub enum PlotError {
    /// A log that cannot be read or parsed: file, 1-based line (0 for the whole
    /// file), reason.
    Log(PathBuf, usize, String),
    /// No folder has a log.
    NoLogs,
    /// The picture could not be drawn or written.
    Draw(String),
}

impl std::fmt::Display for PlotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlotError::Log(path, 0, reason) => write!(f, "{}: {reason}", path.display()),
            PlotError::Log(path, line, reason) => {
                write!(f, "{}:{line}: {reason}", path.display())
            }
            PlotError::NoLogs => write!(
                f,
                "no hunt log (.hunt-rook.log or .hunt-bishop.log) in the folders given"
            ),
            PlotError::Draw(e) => write!(f, "cannot draw the plot: {e}"),
        }
    }
}

impl std::error::Error for PlotError {}

/// Reads the rook and bishop logs of every folder in `dirs` (a folder may have
/// either, both or none).
///
/// # Errors
/// [`PlotError::Log`] for a log that exists but does not parse.
pub fn read_series(dirs: &[PathBuf]) -> Result<Vec<Series>, PlotError> {
    let mut out = Vec::new();
    for dir in dirs {
        for family in [Family::Rook, Family::Bishop] {
            let path = log_path(dir, family);
            let text = match std::fs::read(&path) {
                Ok(bytes) => String::from_utf8(bytes)
                    .map_err(|_| PlotError::Log(path.clone(), 0, "not UTF-8 text".into()))?,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(PlotError::Log(path, 0, format!("cannot read: {e}"))),
            };
            let events = parse_log(&text).map_err(|(l, r)| PlotError::Log(path.clone(), l, r))?;
            if !events.is_empty() {
                out.push(Series {
                    label: dir.display().to_string(),
                    family,
                    events,
                });
            }
        }
    }
    if out.is_empty() {
        return Err(PlotError::NoLogs);
    }
    Ok(out)
}

/// Draws `series` as an SVG file at `out`: one panel per family present, entries
/// against hours, a step line per shard.
///
/// # Errors
/// [`PlotError::Draw`] when the file cannot be written.
pub fn draw_svg(series: &[Series], out: &Path) -> Result<(), PlotError> {
    let draw = |e: &dyn std::fmt::Display| PlotError::Draw(e.to_string());
    let families: Vec<Family> = [Family::Rook, Family::Bishop]
        .into_iter()
        .filter(|f| series.iter().any(|s| s.family == *f))
        .collect();
    // One colour per shard, the same in every panel.
    let mut labels: Vec<&str> = series.iter().map(|s| s.label.as_str()).collect();
    labels.dedup();
    let colour_of = |label: &str| {
        Palette99::pick(labels.iter().position(|l| *l == label).unwrap_or(0)).to_rgba()
    };
    // The time unit that suits the longest shard.
    let longest = series
        .iter()
        .flat_map(|s| s.events.iter().map(|e| e.seconds))
        .fold(0.0f64, f64::max);
    let (unit, per) = match longest {
        t if t < 120.0 => ("seconds", 1.0),
        t if t < 7200.0 => ("minutes", 60.0),
        _ => ("hours", 3600.0),
    };
    let root = SVGBackend::new(out, (900, 380 * families.len() as u32)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| draw(&e))?;
    let panels = root.split_evenly((families.len(), 1));
    for (panel, family) in panels.iter().zip(&families) {
        let mine: Vec<&Series> = series.iter().filter(|s| s.family == *family).collect();
        let time = |e: &LogEvent| e.seconds / per;
        let x_max = (longest / per).max(1.0);
        let (lo, hi) = mine
            .iter()
            .flat_map(|s| s.events.iter().map(|e| e.compact as f64))
            .fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
        let pad = ((hi - lo) * 0.05).max(16.0);
        let mut chart = ChartBuilder::on(panel)
            .caption(
                format!("{family}: compact table entries against {unit} of hunting"),
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0.0..x_max * 1.02, (lo - pad)..(hi + pad))
            .map_err(|e| draw(&e))?;
        chart
            .configure_mesh()
            .x_desc(format!(
                "{unit} of hunting (wall time of the shard, over every run)"
            ))
            .y_desc("entries")
            .y_label_formatter(&|v| format!("{v:.0}"))
            .draw()
            .map_err(|e| draw(&e))?;
        for s in &mine {
            let colour = colour_of(&s.label);
            // A step line: the size holds until the next improvement.
            let mut points = Vec::new();
            for e in &s.events {
                if let Some(&(_, y)) = points.last() {
                    points.push((time(e), y));
                }
                points.push((time(e), e.compact as f64));
            }
            chart
                .draw_series(LineSeries::new(points, colour.stroke_width(2)))
                .map_err(|e| draw(&e))?
                .label(s.label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| draw(&e))?;
    }
    root.present().map_err(|e| draw(&e))?;
    Ok(())
}
