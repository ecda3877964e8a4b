import Foundation

/// A charging plan in lines: the battery it plans for, every stop with the SoC on arriving and leaving (a charge
/// stop with its time, energy and power, marked ⚡ in a column of its own, two cells wide), what the
/// corridor followed, the chargers it could not use, and each gap with what would close it. `roadtrip charge` prints
/// it; the days view's `C` shows it before `Enter` applies. Names are sanitised.
public struct ChargePreview {
    public let charging: TripCharging

    public init(_ charging: TripCharging) {
        self.charging = charging
    }

    public func text(_ unit: DistanceUnit) -> String {
        lines(unit).joined(separator: "\n") + "\n"
    }

    public func lines(_ unit: DistanceUnit) -> [String] {
        let battery = charging.battery, trip = charging.after
        var lines = ["\(TerminalSafe.line(trip.name)): \(Self.kWh(battery.usableKWh)) kWh usable, "
                     + "\(Self.kWh(battery.consumption.at90)) kWh/100 km at 90 km/h; leaving at \(battery.startSoC) %, "
                     + "arriving at \(battery.reserveSoC) % or more, charging to \(battery.chargeToSoC) %."]
        let chargeMinutes = charging.charges.map(\.minutes).reduce(0, +)
        if charging.charges.isEmpty {
            lines.append(charging.feasible ? "No charge stop is needed." : "No plan reaches every stop: see the gaps below.")
        } else {
            lines.append("\(TripText.count(charging.charges.count, "charge stop")), "
                         + "\(TripText.duration(Double(chargeMinutes) * 60)) at chargers"
                         + (charging.feasible ? "." : "; not every day has a plan: see the gaps below."))
        }
        let charges = Dictionary(uniqueKeysWithValues: charging.charges.map { ($0.position, $0) })
        let rows = charging.stops.map { stop -> [String] in
            let name = TerminalSafe.line(trip.waypoints[stop.position].name)
            var what = ""
            if let charge = charges[stop.position] {
                what = "\(charge.minutes) min · +\(Self.kWh(charge.kWh)) kWh · \(Self.kw(charge.socketKW))\(charge.isAssumed ? "?" : "") kW "
                    + Self.socketName(charge.socket) + (charge.detourKm >= 0.1 ? " · +\(unit.format(km: charge.detourKm)) off" : "")
            } else if stop.chargesOvernight {
                what = "night: charger within 1 km"
            }
            return ["\(stop.position + 1)", name,
                    stop.arriveSoC.map { "\($0) %" } ?? "–", stop.departSoC.map { "\($0) %" } ?? "–", what]
        }
        let titles = ["#", "STOP", "ARRIVE", "LEAVE", "CHARGE"]
        let widths = titles.indices.map { column in
            max(titles[column].count, rows.map { $0[column].count }.max() ?? 0)
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: max(0, widths[column] - cell.count))
                return column == 1 || column == 4 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        // The mark in a column of its own, four cells either way (⚡ takes two), indented as a table's rows are.
        lines.append("    " + line(titles))
        lines += zip(rows, charging.stops).map { row, stop in (charges[stop.position] != nil ? " ⚡ " : "    ") + line(row) }
        lines += basisLines() + unusedLines()
        for gap in charging.gaps {
            let stop = TerminalSafe.line(trip.waypoints[gap.afterStop].name)
            let next = gap.toEnd ? "the day's end" : "the next charger it can use"
            lines.append("Gap on day \(gap.day): after \(stop), the battery reaches \(battery.reserveSoC) % at "
                         + "\(unit.format(km: gap.runsOutKm)) into the day, \(unit.format(km: gap.shortKm)) short of \(next) "
                         + "(\(gap.shortPercent) % more charge needed).")
            lines += gap.fixes.map { "  · " + TerminalSafe.line($0) }
        }
        lines.append("Chargers \(Credits.openStreetMap); the model: docs/guide.md, \"Charging on the way\".")
        return lines
    }

    private func basisLines() -> [String] {
        let guessed = charging.bases.filter { $0.basis != .road }.map(\.day)
        guard !guessed.isEmpty else { return [] }
        return ["≈ Day\(guessed.count == 1 ? "" : "s") \(guessed.map(String.init).joined(separator: ", ")): no road data, "
                + "so chargers were looked for along the straight line and the energy is the estimate's."]
    }

    private func unusedLines() -> [String] {
        let unused = charging.unused
        var parts: [String] = []
        if unused.incompatible > 0 { parts.append("\(unused.incompatible) without a socket the car takes") }
        if unused.isPrivate > 0 { parts.append("\(unused.isPrivate) private") }
        if unused.unknown > 0 { parts.append("\(unused.unknown) whose sockets are not known") }
        return parts.isEmpty ? [] : ["Not used: " + parts.joined(separator: ", ") + "."]
    }

    /// "CCS", "Type 2", "CHAdeMO": the names on the stations.
    public static func socketName(_ socket: SocketKind) -> String {
        switch socket {
        case .type1: return "Type 1"
        case .type1Combo: return "CCS1"
        case .type2, .type2Cable: return "Type 2"
        case .type2Combo: return "CCS"
        case .chademo: return "CHAdeMO"
        case .teslaSupercharger: return "Supercharger"
        case .teslaDestination: return "Tesla destination"
        case .nacs: return "NACS"
        case .schuko: return "Schuko"
        case .gbAC: return "GB/T AC"
        case .gbDC: return "GB/T DC"
        }
    }

    static func kWh(_ value: Double) -> String { value < 10 ? String(format: "%.1f", value) : "\(Int(value.rounded()))" }
    static func kw(_ value: Double) -> String { value < 10 ? String(format: "%.1f", value) : "\(Int(value.rounded()))" }
}
