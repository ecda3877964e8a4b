import Foundation
import RoadtripCore

/// The versions `roadtrip-torture save-loop` writes, generation after generation: each is recognisable
/// whole, so the kill-loop test can tell that a file after SIGKILL is exactly one saved version.
public enum TortureGeneration {
    public static func trips(_ generation: Int) -> [Trip] {
        (0..<(1 + generation % 5)).map { index in
            Trip(id: id(generation, index), name: "generation \(generation) trip \(index)",
                 createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(generation)),
                 notes: String(repeating: "\(generation):\(index) ", count: (generation * 7 + index * 13) % 1000),
                 waypoints: (0..<index).map { stop in
                     Waypoint(id: id(generation, 100 + stop), name: "stop \(stop)", latitude: Double(generation % 90),
                              longitude: Double(stop), nights: stop)
                 })
        }
    }

    public static func generation(of trips: [Trip]) -> Int? {
        guard let name = trips.first?.name, name.hasPrefix("generation ") else { return nil }
        return Int(name.dropFirst("generation ".count).prefix { $0.isNumber })
    }

    private static func id(_ generation: Int, _ index: Int) -> UUID {
        UUID(uuidString: String(format: "%08X-0000-4000-8000-%012X", index, generation))!
    }
}
