import Foundation

/// `ui.version`: `roadtrip --version`, the whole process from spawn to exit, against `ref.foundation_hello`, the
/// smallest Foundation program linked the default way (dynamically; `make bench` builds it next to this binary).
/// 40 timed runs of each, alternated, after 3 untimed ones; output to /dev/null.
extension UIBench {
    static func processStart() throws {
        guard let binary = siblingExecutable("roadtrip"), let hello = siblingExecutable("foundation-hello") else {
            print("ui.version.error roadtrip or foundation-hello not found next to roadtrip-bench (make bench builds both)")
            return
        }
        var ours: [Double] = [], reference: [Double] = []
        for run in 0..<43 {
            let version = try timedRun(binary, ["--version"])
            let greeting = try timedRun(hello, [])
            if run >= 3 {
                ours.append(version)
                reference.append(greeting)
            }
        }
        ours.sort()
        reference.sort()
        let ratio = percentile(ours, 0.5) / percentile(reference, 0.5)
        print(String(format: "ui.version %.2f ms (p99 %.2f) = %.2fx the hello", percentile(ours, 0.5), percentile(ours, 0.99), ratio))
        print(String(format: "ref.foundation_hello %.2f ms (p99 %.2f)", percentile(reference, 0.5), percentile(reference, 0.99)))
    }

    /// Milliseconds from spawning `program` to reaping it; it must exit 0.
    private static func timedRun(_ program: String, _ arguments: [String]) throws -> Double {
        try TimedProcess.run(program, arguments).milliseconds
    }
}
