import Dispatch
import RoadtripCore
import TerminalUI

/// Follows the settings file while the app runs: a timer off the loop checks it once a second (a stat; the file is
/// read only when it changed, and the loop is woken only then), and a change is put in force on the loop like the
/// Settings screen's; a problem is said on the message line, once per version of the file.
final class SettingsFollower {
    private let watch: SettingsFileWatch
    private let service: SettingsService
    private let messages: MessageLine
    private let post: (@escaping () -> Void) -> Void
    private let queue = DispatchQueue(label: "roadtrip.settings-file")
    private var timer: DispatchSourceTimer?

    init(file: SettingsFile, service: SettingsService, messages: MessageLine,
         post: @escaping (@escaping () -> Void) -> Void) {
        watch = SettingsFileWatch(file: file)
        self.service = service
        self.messages = messages
        self.post = post
    }

    /// Checks once a second until `stop()`.
    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.check() }
        timer.resume()
        self.timer = timer
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    /// One check now, off the loop; what it finds is posted to the loop.
    func checkNow() {
        queue.sync { check() }
    }

    private func check() {
        guard let reload = watch.check() else { return }
        post { [service, messages] in
            if let settings = reload.settings { service.apply(settings) }
            if let problem = reload.problems.first { messages.show(problem, kind: .error) }
        }
    }
}
