import Foundation

/// What `routino-router` is told of the vehicle and the roads to avoid. The standard profile adds nothing: its legs
/// are Routino's own profile's, as before profiles (and as cached then).
extension RoutinoEngine {
    /// Routino's profile for the vehicle: a motorcycle's own; Debian's `goods` (a small lorry or van) for a
    /// campervan over 3.5 t, which a car's licence and roads may not take; else the engine's (motorcar).
    var vehicleProfile: String {
        switch route.vehicle {
        case .motorcycle: return "motorcycle"
        case .campervan where route.weightT > 3.5: return "goods"
        case .car, .campervan, .ev: return profile
        }
    }

    /// The preference for paved roads (Routino's `paved` property, %) when unpaved roads are not avoided. Debian's
    /// profiles say 100%, the most there is: an unpaved road then counts about 140 times as long, and so does a
    /// ferry, which Routino's tagging never marks paved, so neither is taken where any other road leads. At 75%
    /// an unpaved road counts 1.7 times as long, about what gravel costs a car (Routino does not slow it down),
    /// and a ferry is taken when it saves that much.
    static let pavedPreference = 75

    /// The arguments after `--profile`: none for the standard profile. Avoided motorways (and their links, which
    /// Routino's tagging counts as motorway) and ferries get a preference of 0%, which Routino never routes on;
    /// avoided unpaved roads the strongest preference for paved ones (100%: still taken where no paved road
    /// leads, which the output cannot tell) and no tracks. Tolls are not in Routino's data: `unavoided` says so.
    func profileArguments() -> [String] {
        guard route != .standard else { return [] }
        var arguments: [String] = []
        if route.topSpeedKmh > 0 {
            let top = TOMLValue.decimal(route.topSpeedKmh)
            for (highway, kmh) in speeds() where kmh > route.topSpeedKmh && highway != "ferry" {
                arguments.append("--speed-\(highway)=\(top)")
            }
        }
        for (limit, value) in [("height", route.heightM), ("width", route.widthM), ("weight", route.weightT)] where value > 0 {
            arguments.append("--\(limit)=\(TOMLValue.decimal(value))")
        }
        if route.avoids(.motorways) { arguments.append("--highway-motorway=0") }
        if route.avoids(.ferries) { arguments.append("--highway-ferry=0") }
        if route.avoids(.unpaved) {
            arguments += ["--property-paved=100", "--highway-track=0"]
        } else {
            arguments.append("--property-paved=\(Self.pavedPreference)")
        }
        return arguments
    }

    /// The avoids a leg of this engine cannot honour.
    var unavoidable: [Avoid] { route.avoids(.tolls) ? [.tolls] : [] }

    /// The vehicle profile's speed per highway type (km/h), as `routino-router --help-profile` prints it for this
    /// database ("Speed on motorway    : 112 km/h / 70 mph"), asked once per process; empty when it cannot be
    /// read (then only the time of each segment is capped, in `parse`, not the choice of roads).
    func speeds() -> [(String, Double)] {
        let key = "\(executable) \(databaseDirectory.path) \(vehicleProfile)"
        if let known = Self.profileSpeeds.lock.withLock({ Self.profileSpeeds.speeds[key] }) { return known }
        let arguments = ["--dir=\(databaseDirectory.path)", "--profile=\(vehicleProfile)", "--help-profile"]
        var speeds: [(String, Double)] = []
        if let result = try? ChildProcess.run(executable, arguments: arguments, captureOutput: true, timeout: timeout),
           result.termination == .exited(0) {
            for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Speed on ") {
                let parts = line.dropFirst("Speed on ".count).split(separator: ":", maxSplits: 1)
                guard parts.count == 2, let kmh = parts[1].split(separator: " ").first.flatMap({ Double($0) }) else { continue }
                speeds.append((parts[0].trimmingCharacters(in: .whitespaces), kmh))
            }
        }
        Self.profileSpeeds.lock.withLock { Self.profileSpeeds.speeds[key] = speeds }
        return speeds
    }

    private static let profileSpeeds = ProfileSpeeds()

    private final class ProfileSpeeds: @unchecked Sendable {
        let lock = NSLock()
        var speeds: [String: [(String, Double)]] = [:]
    }
}
