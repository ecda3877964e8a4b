// Test support for the store's process-level tests (issue 2). Not installed; only the tests run it.
//
//   roadtrip-torture save-loop FILE   saves generation after generation; prints "ready N" once open
//                                     (N: the generation found in FILE) and "saved N" after each save
//   roadtrip-torture hold-lock FILE   opens FILE, prints "locked" or "read-only", then waits to be killed
//   roadtrip-torture save-once FILE   adds one trip and saves; exit 3 when the store refuses or fails
//
// Generation N is the list of trips `TortureGeneration.trips(N)` (RoadtripTestSupport, shared with the
// tests): every version the loop writes can be recognised whole.
import Foundation
import RoadtripCore
import RoadtripTestSupport

func say(_ line: String) {
    print(line)
    fflush(stdout)
}

/// To stderr, ignoring failures: under injected write errors, FileHandle.write would trap.
func complain(_ line: String) {
    fputs("roadtrip-torture: \(line)\n", stderr)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    complain("usage: roadtrip-torture save-loop|hold-lock|save-once FILE")
    exit(64)
}
let url = URL(fileURLWithPath: arguments[2])

do {
    let store = try TripStore.open(at: url)
    switch arguments[1] {
    case "save-loop":
        guard store.access == .readWrite else { throw StoreError.readOnly(reason: "\(store.access)") }
        var generation = TortureGeneration.generation(of: store.trips) ?? 0
        say("ready \(generation)")
        while true {
            generation += 1
            try store.update { $0 = TortureGeneration.trips(generation) }
            say("saved \(generation)")
        }
    case "hold-lock":
        say(store.access == .readWrite ? "locked" : "read-only")
        while true { pause() }
    case "save-once":
        try store.update { $0.append(Trip(name: "Added by save-once", notes: String(repeating: "x", count: 5000))) }
    default:
        complain("unknown mode \(arguments[1])")
        exit(64)
    }
} catch {
    complain("\(error)")
    exit(3)
}
