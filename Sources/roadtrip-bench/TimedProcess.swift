import Foundation

/// One run of a program, from spawn to reaping, output to /dev/null: its wall time and the most memory it had
/// resident (the kernel's high-water mark, as `/usr/bin/time` reports it).
struct TimedProcess {
    let milliseconds: Double
    let maxResidentKB: Int

    /// Runs `program` with `environment` added to this process's; it must exit 0.
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> TimedProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw UIBench.Failure(description: "cannot start \(program): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard status == 0 else {
            throw UIBench.Failure(description: "\(program) \(arguments.joined(separator: " ")) exited with \(status)")
        }
        return TimedProcess(milliseconds: elapsed, maxResidentKB: usage.ru_maxrss)
    }
}
