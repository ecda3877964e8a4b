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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot start \(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard status == 0 else { throw Failure(description: "\(program) \(arguments.joined(separator: " ")) exited with \(status)") }
        return elapsed
    }
}
