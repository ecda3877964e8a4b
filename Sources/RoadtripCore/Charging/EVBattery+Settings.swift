import Foundation

extension EVBattery {
    /// Why the settings give no electric car to plan for, in a sentence that says what to set.
    public enum Missing: Error, Equatable, CustomStringConvertible {
        case notElectric(VehicleKind)
        case noBattery
        case noConsumption
        case badCurve(path: String, reason: String)
        case limits(String)

        public var description: String {
            switch self {
            case .notElectric(let kind):
                return "the vehicle is a \(kind.rawValue): charging is planned for an electric one "
                    + "(roadtrip config set vehicle ev, or set-trip TRIP --vehicle ev)"
            case .noBattery:
                return "the battery is not known: set battery_kwh (its usable kWh), e.g. roadtrip config set battery_kwh 60"
            case .noConsumption:
                return "the consumption is not known: set consumption_per_100km (kWh from the socket per 100 km at "
                    + "90 km/h), e.g. roadtrip config set consumption_per_100km 18"
            case .badCurve(let path, let reason):
                return "charge_curve \(TerminalSafe.line(path)): \(TerminalSafe.line(reason))"
            case .limits(let problem):
                return problem
            }
        }
    }

    /// The car the settings (a trip's applied) describe. Throws `Missing` saying what to set.
    public init(settings: Settings) throws {
        guard settings.vehicle.isElectric else { throw Missing.notElectric(settings.vehicle) }
        let usable = settings.usableBatteryKWh
        guard usable > 0 else { throw Missing.noBattery }
        guard settings.consumptionPer100km > 0 else { throw Missing.noConsumption }
        if let problem = settings.chargeLimitsProblem { throw Missing.limits(problem) }
        var curve = ChargeCurve.standard(peakKW: settings.peakChargeKW)
        if let path = settings.chargeCurve, !path.isEmpty {
            do {
                curve = try ChargeCurve.load(path: path)
            } catch let error as ChargeCurve.ParseError {
                throw Missing.badCurve(path: path, reason: error.description)
            } catch {
                throw Missing.badCurve(path: path, reason: FileErrorReason.of(error))
            }
        }
        self.init(usableKWh: usable, startSoC: settings.startSoC, reserveSoC: settings.reserveSoC,
                  chargeToSoC: settings.chargeToSoC, curve: curve, acKW: settings.acChargeKW,
                  stopSeconds: Double(settings.chargeStopMinutes) * 60, ports: Set(settings.chargePorts),
                  consumption: FuelConsumption(settings))
    }
}
