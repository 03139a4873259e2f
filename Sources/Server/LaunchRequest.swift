/// What the command line asks for: serve with a configuration, or print usage.
enum LaunchRequest: Equatable {
    case run(Configuration)
    case help
}
