import Foundation
@testable import RoadtripCore

/// OSRM's answer decoder must give a leg of finite, non-negative figures and valid coordinates, or throw a
/// `RoutingFailure`; whatever it gives, the door's plausibility bound decides without trapping. The same bytes
/// read as a table answer give cells that passed the door, or none with a reason.
public enum OSRMAnswerFuzzCheck {
    public static func check(_ data: Data) throws {
        let input = String(decoding: data.prefix(200), as: UTF8.self)
        try checkTable(data, input: input)
        for status in [200, 400] {
            let leg: RoutedLeg
            do {
                leg = try OSRMEngine.answer(data, status: status)
            } catch is RoutingFailure {
                continue
            } catch {
                throw FuzzCheckFailure(description: "the decoder threw \(type(of: error)), not RoutingFailure: \(error)")
            }
            try FuzzCheckFailure.require(status == 200, "an answer with HTTP \(status) was taken", input: input)
            try FuzzCheckFailure.require(leg.distanceKm.isFinite && leg.durationSeconds.isFinite
                                         && leg.distanceKm >= 0 && leg.durationSeconds >= 0,
                                         "figures not finite and non-negative", input: input)
            try FuzzCheckFailure.require(leg.geometry.allSatisfy { abs($0.latitude) <= 90 && abs($0.longitude) <= 180 },
                                         "a coordinate out of range", input: input)
            let from = leg.geometry.first ?? Coordinate(checked: 0, 0), to = leg.geometry.last ?? from
            _ = leg.implausibility(from: from, to: to)
        }
    }

    private static func checkTable(_ data: Data, input: String) throws {
        let stops = [Coordinate(checked: 60.17, 24.94), Coordinate(checked: 60.18, 24.95), Coordinate(checked: 0, 0)]
        var matrix = LegMatrix(stops: stops, source: .osrm)
        do {
            try OSRMEngine.tableAnswer(data, status: 200, rows: 0..<3, columns: 0..<3, into: &matrix)
        } catch is RoutingFailure {
            try FuzzCheckFailure.require(matrix == LegMatrix(stops: stops, source: .osrm), "a refused table set cells",
                                         input: input)
            return
        } catch {
            throw FuzzCheckFailure(description: "the table decoder threw \(type(of: error)), not RoutingFailure: \(error)")
        }
        for from in 0..<3 {
            for to in 0..<3 {
                if let leg = matrix[from, to] {
                    try FuzzCheckFailure.require(leg.implausibility(from: stops[from], to: stops[to]) == nil,
                                                 "a cell past the door is impossible", input: input)
                } else {
                    try FuzzCheckFailure.require(matrix.failure(from: from, to: to) != nil, "a cell without a reason",
                                                 input: input)
                }
            }
        }
    }
}
