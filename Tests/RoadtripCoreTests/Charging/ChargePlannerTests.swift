import XCTest
@testable import RoadtripCore
import RoadtripTestSupport

final class ChargePlannerTests: XCTestCase {
    private func battery(_ generator: inout SeededGenerator) -> EVBattery {
        let reserve = Int.random(in: 5...20, using: &generator)
        return EVBattery(usableKWh: Double.random(in: 30...100, using: &generator).rounded(),
                         startSoC: Int.random(in: 30...100, using: &generator), reserveSoC: reserve,
                         chargeToSoC: Int.random(in: max(reserve + 10, 60)...100, using: &generator),
                         curve: .standard(peakKW: Double.random(in: 40...250, using: &generator).rounded()),
                         acKW: 11, stopSeconds: Double(Int.random(in: 0...10, using: &generator)) * 60,
                         ports: Set(SocketKind.standardPorts),
                         consumption: FuelConsumption(at90: Double.random(in: 14...24, using: &generator),
                                                      at120: Double.random(in: 20...30, using: &generator)))
    }

    /// The check: on 1,000 seeded corridors of up to 8 chargers, the programme's time equals the best of
    /// every subset and order with every SoC step; its plan arrives everywhere at or above the reserve and adds up
    /// to the time it says; and it is never slower than charging to the limit at the last charger before the reserve.
    func testEqualsBruteForceAndBeatsTheSimpleRule() {
        var generator = SeededGenerator(seed: 38)
        var (feasible, simpleFeasible, compared, saved, simpleTotal) = (0, 0, 0, 0.0, 0.0)
        for corridorNumber in 0..<1_000 {
            let battery = battery(&generator)
            let corridor = ChargeReference.corridor(count: Int.random(in: 0...8, using: &generator),
                                                    km: Double.random(in: 50...700, using: &generator), battery: battery,
                                                    startSoC: battery.startSoC, using: &generator)
            let steps = ChargeSteps(corridor, battery: battery)
            let exhaustive = ChargeReference.bruteForce(steps)
            let simple = ChargeReference.lastBeforeReserve(steps)
            switch ChargePlanner.plan(steps, corridor: corridor) {
            case .plan(let plan):
                feasible += 1
                guard let exhaustive else { return XCTFail("corridor \(corridorNumber): planned where brute force finds none") }
                XCTAssertEqual(plan.seconds, exhaustive, accuracy: 1e-6, "corridor \(corridorNumber)")
                check(plan, steps, corridorNumber)
                if let simple {
                    simpleFeasible += 1
                    XCTAssertLessThanOrEqual(plan.seconds, simple + 1e-6, "corridor \(corridorNumber)")
                    if simple > 0 { (compared, saved, simpleTotal) = (compared + 1, saved + simple - plan.seconds, simpleTotal + simple) }
                }
            case .gap:
                XCTAssertNil(exhaustive, "corridor \(corridorNumber): brute force found a plan the programme missed")
                XCTAssertNil(simple, "corridor \(corridorNumber)")
            }
        }
        // Enough of each kind that the comparison means something.
        XCTAssertGreaterThan(feasible, 400)
        XCTAssertLessThan(feasible, 1_000)
        XCTAssertGreaterThan(compared, 100)
        print("charge planner: \(feasible) of 1000 corridors feasible (the simple rule: \(simpleFeasible)); "
              + "on the \(compared) where the simple rule charges, the programme's charging time is "
              + "\(Int((saved / simpleTotal * 100).rounded())) % less (\(Int(saved / Double(compared) / 60)) min a day)")
    }

    /// Walks the plan in whole percents: every arrival at or above the reserve, departures within the limit, and the
    /// times adding up.
    private func check(_ plan: ChargePlanner.Plan, _ steps: ChargeSteps, _ number: Int) {
        var (soc, leave, wayOut, seconds) = (steps.start, 0, 0, 0.0)
        var last = -1
        for visit in plan.visits {
            XCTAssertGreaterThan(visit.candidate, last, "corridor \(number): in road order")
            let stop = steps.stops[visit.candidate]
            let arrive = soc - (stop.arrive - leave + wayOut + stop.wayIn)
            XCTAssertEqual(visit.arriveSoC, arrive, "corridor \(number)")
            XCTAssertGreaterThanOrEqual(arrive, steps.reserve, "corridor \(number)")
            XCTAssertGreaterThanOrEqual(visit.departSoC, arrive)
            XCTAssertTrue(visit.departSoC == arrive || visit.departSoC <= steps.chargeTo, "corridor \(number)")
            XCTAssertEqual(visit.chargeSeconds, stop.charge[visit.departSoC] - stop.charge[arrive], accuracy: 1e-9)
            seconds += stop.detourSeconds + steps.stopSeconds + visit.chargeSeconds
            (soc, leave, wayOut, last) = (visit.departSoC, stop.leave, stop.wayOut, visit.candidate)
        }
        XCTAssertEqual(plan.endSoC, soc - (steps.end - leave + wayOut), "corridor \(number)")
        XCTAssertGreaterThanOrEqual(plan.endSoC, steps.reserve, "corridor \(number)")
        XCTAssertEqual(plan.seconds, seconds, accuracy: 1e-6, "corridor \(number)")
    }
}
