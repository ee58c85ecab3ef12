-- wrk script: POST {"name": "add"} to /machines/load-N/events, N going round MACHINES machines (64 unless
-- set), so that the connections drive different machines. With RATE set (requests/s of all THREADS wrk
-- threads together; THREADS is wrk's --threads, 2 unless set), each thread sends its requests at fixed
-- instants, RATE / THREADS a second, whatever the latency, as long as it has a connection free: a fixed
-- offered rate, as wrk2 does. Without RATE each connection sends its next request as soon as it has the
-- answer (a closed loop). Scripts/load-serve.sh creates the machines and runs it.
local machines = tonumber(os.getenv("MACHINES") or "64")
local rate = tonumber(os.getenv("RATE") or "0")
local threads = tonumber(os.getenv("THREADS") or "2")
local counter = 0

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"name": "add"}'

function request()
    counter = counter + 1
    return wrk.format(nil, "/machines/load-" .. (counter % machines) .. "/events")
end

if rate > 0 then
    -- wrk's Lua is LuaJIT: its FFI reads the monotonic clock (CLOCK_MONOTONIC is 1 on Linux).
    local ffi = require("ffi")
    ffi.cdef [[
        typedef struct { long tv_sec; long tv_nsec; } load_timespec;
        int clock_gettime(int clock, load_timespec *time);
    ]]
    local time = ffi.new("load_timespec")
    local function milliseconds()
        ffi.C.clock_gettime(1, time)
        return tonumber(time.tv_sec) * 1000 + tonumber(time.tv_nsec) / 1e6
    end
    local interval = 1000 * threads / rate
    local next_send = nil

    -- Called before each request: the milliseconds to wait until this thread's next instant. A thread
    -- behind its schedule (every connection waiting for an answer) sends at once until it catches up.
    function delay()
        local now = milliseconds()
        local slot = next_send or now
        next_send = slot + interval
        local wait = slot - now
        if wait <= 0 then
            return 0
        end
        return math.floor(wait)
    end
end
