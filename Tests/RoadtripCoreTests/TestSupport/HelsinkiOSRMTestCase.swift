import RoadtripTestSupport
import XCTest

/// A test class served by a real `osrm-routed` (PyPI osrm-bindings, fetched by `make test-deps`) on the graph of
/// central Helsinki, on a loopback port: started once for the class, stopped after its last test.
class HelsinkiOSRMTestCase: XCTestCase {
    private static var servers: [ObjectIdentifier: Result<LocalOSRMServer, Error>] = [:]

    /// The graph the servers answer from (built once per run, shared by every class).
    static func graph() throws -> URL {
        try RoutingTools.osrmGraph(for: RoutingTools.helsinkiExtract)
    }

    override class func setUp() {
        super.setUp()
        servers[ObjectIdentifier(self)] = Result { try LocalOSRMServer(graph: try graph()) }
    }

    override class func tearDown() {
        if case let .success(server)? = servers.removeValue(forKey: ObjectIdentifier(self)) { server.stop() }
        super.tearDown()
    }

    /// The class's server, or the reason it is missing as this test's failure (never a skip).
    func runningServer() throws -> LocalOSRMServer {
        guard let started = Self.servers[ObjectIdentifier(type(of: self))] else {
            throw RoutingTools.Missing(description: "no OSRM server")
        }
        return try started.get()
    }
}
