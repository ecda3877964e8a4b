import Foundation

/// How much longer than the straight line the shortest way over land between two points is: a search on a grid
/// of land and sea cells (160 across the box's longer side, never under 250 m) over the box of
/// the two points widened by half their distance on every side. A line along a coast that lies off its bays and
/// capes has a way round close to it (Barcelona → Valencia: about 1.1); a line across a strait or a fjord has none
/// near it (Ullapool → Portree, round by the Skye bridge: about 1.7), or none in the box (an island). Steps go to
/// the eight neighbours, so a way over open land measures up to 8 % long.
enum LandDetour {
    /// The ratio of the way over land to the straight line, or nil when no way over land lies in the box (or a
    /// point has no land within three cells of it).
    static func ratio(from: Coordinate, to: Coordinate, coast: CoastlineIndex) -> Double? {
        let straightKm = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude,
                                                lat2: to.latitude, lon2: to.longitude)
        var dLon = to.longitude - from.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let middle = (from.latitude + to.latitude) / 2
        guard straightKm > 0, abs(from.latitude) < 80, abs(to.latitude) < 80 else { return nil }
        let kmPerLatitude = 110.57, kmPerLongitude = max(111.32 * cos(middle * .pi / 180), 1)
        let margin = straightKm / 2
        let south = min(from.latitude, to.latitude) - margin / kmPerLatitude
        let west = min(from.longitude, from.longitude + dLon) - margin / kmPerLongitude
        let heightKm = abs(to.latitude - from.latitude) * kmPerLatitude + 2 * margin
        let widthKm = abs(dLon) * kmPerLongitude + 2 * margin
        let cellKm = max(0.25, max(heightKm, widthKm) / 160)
        let columns = Int((widthKm / cellKm).rounded(.up)), rows = Int((heightKm / cellKm).rounded(.up))
        // A cell is land when its centre and the four points a quarter of a cell from it are: a strait or a fjord
        // narrower than a cell then still parts the cells on its shores, where a centre alone would join them.
        func latitudes(_ offset: Double) -> [Double] {
            (0..<rows).map { south + (Double($0) + 0.5 + offset) * cellKm / kmPerLatitude }
        }
        let (centres, quarters) = (latitudes(0), latitudes(-0.25) + latitudes(0.25))
        var land = [Bool](repeating: false, count: rows * columns)
        for column in 0..<columns {
            func longitude(_ offset: Double) -> Double {
                let longitude = west + (Double(column) + 0.5 + offset) * cellKm / kmPerLongitude
                return longitude >= 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
            }
            let middle = coast.isLand(longitude: longitude(0), latitudes: centres + quarters)
            let sides = (coast.isLand(longitude: longitude(-0.25), latitudes: centres),
                         coast.isLand(longitude: longitude(0.25), latitudes: centres))
            for row in 0..<rows where middle[row] && middle[rows + row] && middle[2 * rows + row] && sides.0[row] && sides.1[row] {
                land[row * columns + column] = true
            }
        }
        func cell(_ point: Coordinate, longitude: Double) -> Int? {
            let column = Int((longitude - west) * kmPerLongitude / cellKm), row = Int((point.latitude - south) * kmPerLatitude / cellKm)
            // A port's stop may lie just off the coarse outline: the nearest land within three cells.
            var best: (cell: Int, distance: Int)?
            for dy in -3...3 {
                for dx in -3...3 {
                    let (r, c) = (row + dy, column + dx)
                    guard r >= 0, r < rows, c >= 0, c < columns, land[r * columns + c] else { continue }
                    let distance = dx * dx + dy * dy
                    if best.map({ distance < $0.distance }) ?? true { best = (r * columns + c, distance) }
                }
            }
            return best?.cell
        }
        guard let start = cell(from, longitude: from.longitude), let goal = cell(to, longitude: from.longitude + dLon) else {
            return nil
        }
        guard let steps = shortestPath(land: land, columns: columns, from: start, to: goal) else { return nil }
        return steps * cellKm / straightKm
    }

    /// A* over the land cells with the octile distance, in cells; nil when the goal cannot be reached.
    private static func shortestPath(land: [Bool], columns: Int, from start: Int, to goal: Int) -> Double? {
        let goalRow = goal / columns, goalColumn = goal % columns
        func estimate(_ cell: Int) -> Double {
            let dx = abs(cell % columns - goalColumn), dy = abs(cell / columns - goalRow)
            return Double(max(dx, dy)) + (2.0.squareRoot() - 1) * Double(min(dx, dy))
        }
        var cost = [Double](repeating: .infinity, count: land.count)
        var open = CellHeap()
        cost[start] = 0
        open.push(start, priority: estimate(start))
        let rows = land.count / columns
        while let (cell, priority) = open.pop() {
            if cell == goal { return cost[goal] }
            if priority > cost[cell] + estimate(cell) + 1e-9 { continue }  // a stale entry
            let row = cell / columns, column = cell % columns
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    let (r, c) = (row + dy, column + dx)
                    guard r >= 0, r < rows, c >= 0, c < columns else { continue }
                    let next = r * columns + c
                    guard land[next] else { continue }
                    let step = cost[cell] + (dx != 0 && dy != 0 ? 2.0.squareRoot() : 1)
                    if step < cost[next] {
                        cost[next] = step
                        open.push(next, priority: step + estimate(next))
                    }
                }
            }
        }
        return nil
    }
}

/// A binary min-heap of cells by priority, for `LandDetour`'s search.
private struct CellHeap {
    private var items: [(cell: Int, priority: Double)] = []

    mutating func push(_ cell: Int, priority: Double) {
        items.append((cell, priority))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].priority < items[parent].priority else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (Int, Double)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count, items[left].priority < items[smallest].priority { smallest = left }
                if right < items.count, items[right].priority < items[smallest].priority { smallest = right }
                guard smallest != parent else { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return (top.cell, top.priority)
    }
}
