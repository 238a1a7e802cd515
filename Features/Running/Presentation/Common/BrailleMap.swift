import Foundation
import RunningDomain

/// A route drawn with braille dots: each character is 2 dots wide and 4 high, so a terminal cell (about
/// twice as high as wide) holds square dots and the map keeps the route's shape. Points are projected
/// equirectangularly (longitude scaled by the cosine of the latitude), which is true enough for a run.
public enum BrailleMap {
    /// The map's rows: at most `width` characters wide and `maxHeight` high, as high as the route's shape
    /// needs. Consecutive points of a segment are joined; segments are not joined to each other. No rows for
    /// a route of fewer than two distinct places.
    /// - Parameter marks: characters drawn over the map where the route is that far along (a runner's
    ///   place): the cell holding that point shows the mark instead of its dots; a later mark wins a cell.
    public static func rows(
        _ route: [TrackStatistics.RoutePoint], width: Int, maxHeight: Int,
        marks: [(meters: Double, mark: Character)] = []
    ) -> [String] {
        guard width > 0, maxHeight > 0, let first = route.first else { return [] }
        let scale = cos((route.map(\.position.latitude).reduce(0, +) / Double(route.count)) * .pi / 180)
        let points = route.map { (x: $0.position.longitude * scale, y: $0.position.latitude, segment: $0.segment) }
        let minX = points.map(\.x).min()!, maxX = points.map(\.x).max()!
        let minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
        let spanX = maxX - minX, spanY = maxY - minY
        // Dots available, and the dots per degree that fit both ways. Places so close (under about 1e-306°
        // apart) that the dots per degree overflow a double are one place: there is nothing to draw.
        let dotsWide = width * 2, dotsHigh = maxHeight * 4
        let perDegree = min(spanX > 0 ? Double(dotsWide - 1) / spanX : .infinity, spanY > 0 ? Double(dotsHigh - 1) / spanY : .infinity)
        guard perDegree.isFinite else { return [] }
        let usedWide = Int((spanX * perDegree).rounded()) + 1, usedHigh = Int((spanY * perDegree).rounded()) + 1
        var dots = Array(repeating: Array(repeating: false, count: usedWide), count: usedHigh)
        func dot(_ point: (x: Double, y: Double, segment: Int)) -> (column: Int, row: Int) {
            (Int(((point.x - minX) * perDegree).rounded()), Int(((maxY - point.y) * perDegree).rounded()))
        }
        var previous = (dot(points[0]), first.segment)
        dots[previous.0.row][previous.0.column] = true
        for point in points.dropFirst() {
            let here = dot(point)
            if point.segment == previous.1 {
                for (column, row) in line(from: previous.0, to: here) { dots[row][column] = true }
            } else {
                dots[here.row][here.column] = true
            }
            previous = (here, point.segment)
        }
        var rows = stride(from: 0, to: usedHigh, by: 4).map { top in
            stride(from: 0, to: usedWide, by: 2).map { left in cell(dots, top: top, left: left) }
        }
        for (meters, mark) in marks {
            // The route point nearest that far along.
            guard let index = points.indices.min(by: { abs(route[$0].distanceMeters - meters) < abs(route[$1].distanceMeters - meters) })
            else { continue }
            let place = dot(points[index])
            rows[place.row / 4][place.column / 2] = mark
        }
        return rows.map { String($0) }
    }

    /// The braille character of the 2×4 dots from (`left`, `top`).
    private static func cell(_ dots: [[Bool]], top: Int, left: Int) -> Character {
        // Unicode's dot numbering: 1 2 3 down the left column, 4 5 6 down the right, then 7 and 8 below.
        let bits: [(column: Int, row: Int, bit: UInt32)] = [
            (0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08),
            (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80),
        ]
        var value: UInt32 = 0x2800
        for (column, row, bit) in bits {
            let y = top + row, x = left + column
            if y < dots.count, x < dots[y].count, dots[y][x] { value |= bit }
        }
        return Character(Unicode.Scalar(value)!)
    }

    /// The dots of a straight line between two dots (Bresenham's).
    private static func line(from start: (column: Int, row: Int), to end: (column: Int, row: Int)) -> [(Int, Int)] {
        var (x, y) = start
        let dx = abs(end.column - x), dy = -abs(end.row - y)
        let stepX = x < end.column ? 1 : -1, stepY = y < end.row ? 1 : -1
        var error = dx + dy
        var dots: [(Int, Int)] = []
        while true {
            dots.append((x, y))
            if x == end.column && y == end.row { return dots }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += stepX }
            if doubled <= dx { error += dx; y += stepY }
        }
    }
}
