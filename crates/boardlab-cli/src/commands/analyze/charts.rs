//! The report's plots as SVG text (plotters' SVG backend), to be placed inside the page.

use plotters::prelude::*;

/// The size of every plot.
const SIZE: (u32, u32) = (560, 300);

/// Colours of the series, one per variant or player.
const COLOURS: [RGBColor; 4] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
];

/// A named series of points.
pub struct Series<'a> {
    /// Its name in the legend.
    pub name: String,
    /// Its points.
    pub points: &'a [(f64, f64)],
}

/// Where a plot is drawn.
type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

/// What drawing a plot may fail with.
type Drawn = Result<(), Box<dyn std::error::Error>>;

/// The SVG text of a plot drawn by `draw` (a plot that fails to draw is left partly empty:
/// the page is still written).
fn render(draw: impl FnOnce(&Area) -> Drawn) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let _ = draw(&root);
        let _ = root.present();
    }
    svg
}

/// A line plot of `series` with axis names, as SVG text.
pub fn lines(title: &str, x_label: &str, y_label: &str, series: &[Series]) -> String {
    render(|root| draw_lines(root, title, x_label, y_label, series))
}

fn draw_lines(root: &Area, title: &str, x_label: &str, y_label: &str, series: &[Series]) -> Drawn {
    root.fill(&WHITE)?;
    let points = series.iter().flat_map(|s| s.points.iter());
    let x_max = points.clone().map(|p| p.0).fold(1.0, f64::max);
    let y_max = points.clone().map(|p| p.1).fold(1.0, f64::max) * 1.05;
    let y_min = points.map(|p| p.1).fold(0.0, f64::min);
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 16))
        .margin(8)
        .x_label_area_size(32)
        .y_label_area_size(48)
        .build_cartesian_2d(0.0..x_max, y_min..y_max)?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .light_line_style(WHITE.mix(0.0))
        .draw()?;
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        chart
            .draw_series(LineSeries::new(
                s.points.iter().copied(),
                colour.stroke_width(2),
            ))?
            .label(s.name.clone())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], colour.stroke_width(2)));
    }
    if series.len() > 1 {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK.mix(0.3))
            .draw()?;
    }
    Ok(())
}

/// A bar chart of `(bar start, count)` with bars `width` wide, as SVG text.
pub fn histogram(title: &str, x_label: &str, bars: &[(usize, usize)], width: usize) -> String {
    render(|root| draw_histogram(root, title, x_label, bars, width))
}

fn draw_histogram(
    root: &Area,
    title: &str,
    x_label: &str,
    bars: &[(usize, usize)],
    width: usize,
) -> Drawn {
    root.fill(&WHITE)?;
    let x_max = bars.iter().map(|b| b.0 + width).max().unwrap_or(width) as f64;
    let y_max = bars.iter().map(|b| b.1).max().unwrap_or(1) as f64 * 1.1;
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 16))
        .margin(8)
        .x_label_area_size(32)
        .y_label_area_size(48)
        .build_cartesian_2d(0.0..x_max, 0.0..y_max)?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc("games")
        .light_line_style(WHITE.mix(0.0))
        .draw()?;
    chart.draw_series(bars.iter().map(|&(start, count)| {
        Rectangle::new(
            [(start as f64, 0.0), ((start + width) as f64, count as f64)],
            COLOURS[0].mix(0.7).filled(),
        )
    }))?;
    Ok(())
}
