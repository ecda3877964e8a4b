import Foundation
@testable import RoadtripCore

/// OSRM's answer decoder must give a leg of finite, non-negative figures and valid coordinates, or throw a
/// `RoutingFailure`; whatever it gives, the door's plausibility bound decides without trapping.
public enum OSRMAnswerFuzzCheck {
    public static func check(_ data: Data) throws {
        let input = String(decoding: data.prefix(200), as: UTF8.self)
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
}
