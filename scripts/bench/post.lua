-- wrk script: POSTs to the sessions listed in the file given after `--` ("path<TAB>event with @T"),
-- round-robin; pass r posts to every session at t = 0.2 (r + 1), so each session's events keep
-- increasing. A second argument is the first pass (later times than an earlier run's); default 0.
-- Used by scripts/bench-http.sh and scripts/bench/events-post.sh.
local paths, bodies, n, counter = {}, {}, 0, 0
function init(args)
    for line in io.lines(args[1]) do
        local path, body = line:match("^([^\t]+)\t(.*)$")
        if path then n = n + 1; paths[n] = path; bodies[n] = body end
    end
    counter = n * (tonumber(args[2]) or 0)
end
function request()
    local i = counter % n + 1
    local t = string.format("%.1f", 0.2 * (math.floor(counter / n) + 1))
    counter = counter + 1
    local body = (bodies[i]:gsub("@T", t))
    return wrk.format("POST", paths[i], { ["Content-Type"] = "application/json" }, body)
end
