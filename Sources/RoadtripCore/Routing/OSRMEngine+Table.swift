import Foundation

extension OSRMEngine {
    /// OSRM's table service (`GET {base}/table/v1/{profile}/{points}?annotations=duration,distance`): the
    /// whole matrix in one request, or in blocks of at most `tableLimit` sources by `tableLimit` destinations.
    /// A block the server refuses or answers badly leaves its cells without legs, with the reason. The profile
    /// as for a leg (`OSRMEngine+Exclude`): the same classes excluded, each time at most at the top speed (over
    /// the whole leg: the table has no segments). A matrix keeps only figures: what was not avoided is said by
    /// the legs of the order chosen.
    public func table(_ stops: [Coordinate]) throws -> LegMatrix {
        var matrix = LegMatrix(stops: stops, source: .osrm)
        guard stops.count > 1 else { return matrix }
        let blocks = stride(from: 0, to: stops.count, by: tableLimit).map { $0..<min($0 + tableLimit, stops.count) }
        for rows in blocks {
            for columns in blocks {
                let (data, status, _) = try excluding { try get(tableURL(stops, rows: rows, columns: columns, excluding: $0)) }
                do {
                    try Self.tableAnswer(data, status: status, rows: rows, columns: columns, into: &matrix)
                    for from in rows where route.topSpeedKmh > 0 {
                        for to in columns where from != to {
                            guard var leg = matrix[from, to] else { continue }
                            leg.durationSeconds = route.capped(km: leg.distanceKm, seconds: leg.durationSeconds)
                            matrix.set(leg, from: from, to: to)
                        }
                    }
                } catch let failure as RoutingFailure {
                    for from in rows {
                        for to in columns where from != to { matrix.fail(from: from, to: to, failure.description) }
                    }
                }
            }
        }
        return matrix
    }

    /// The whole table in its few requests, for the open cells: cheaper than asking which are open.
    public func table(filling matrix: LegMatrix, _ work: TableWork) throws -> LegMatrix {
        var matrix = matrix
        matrix.fillOpenCells(from: try table(matrix.stops))
        return matrix
    }

    /// The request for the block: its own stops once when square, else the rows' stops as sources and the
    /// columns' as destinations.
    func tableURL(_ stops: [Coordinate], rows: Range<Int>, columns: Range<Int>, excluding: [Avoid] = []) -> URL? {
        var query = "annotations=duration,distance" + Self.excludeQuery(excluding)
        var points = Array(stops[rows])
        if rows != columns {
            points += stops[columns]
            query += "&sources=" + (0..<rows.count).map(String.init).joined(separator: ";")
                + "&destinations=" + (rows.count..<points.count).map(String.init).joined(separator: ";")
        }
        return URL(string: "\(base)/table/v1/\(profile)/\(points.map(Self.point).joined(separator: ";"))?\(query)")
    }

    private struct TableAnswer: Decodable {
        struct Waypoint: Decodable {
            let distance: Double?
        }

        let code: String?
        let durations: [[Double?]]?
        let distances: [[Double?]]?
        let sources: [Waypoint]?
        let destinations: [Waypoint]?
    }

    /// Sets the block's cells from the answer (each through the leg door), or throws for the whole block before
    /// setting any. Internal for the fuzzer.
    static func tableAnswer(_ data: Data, status: Int, rows: Range<Int>, columns: Range<Int>,
                            into matrix: inout LegMatrix) throws {
        let answer = try? JSONDecoder().decode(TableAnswer.self, from: data)
        try check(answer?.code, status: status)
        guard let answer, let durations = answer.durations, let distances = answer.distances,
              durations.count == rows.count, distances.count == rows.count,
              durations.allSatisfy({ $0.count == columns.count }), distances.allSatisfy({ $0.count == columns.count })
        else { throw RoutingFailure.badAnswer("OSRM: unreadable answer") }
        // OSRM snaps a stop to the nearest road however far: farther than the limit, no road is near it.
        let far = { (points: [TableAnswer.Waypoint]?, index: Int) in
            (points?.indices.contains(index) ?? false) && (points?[index].distance ?? 0) > snapLimitMeters
        }
        for (row, from) in rows.enumerated() {
            for (column, to) in columns.enumerated() where from != to {
                if far(answer.sources, row) || far(answer.destinations, column) {
                    matrix.fail(from: from, to: to, "OSRM: no road near stop")
                } else if let seconds = durations[row][column], let metres = distances[row][column] {
                    matrix.set(RoutedLeg(distanceKm: metres / 1000, durationSeconds: seconds, source: .osrm), from: from, to: to)
                } else {
                    matrix.fail(from: from, to: to, "OSRM: no route")
                }
            }
        }
    }
}
