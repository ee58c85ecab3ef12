-- wrk script: POST {"name": "add"} to /machines/load-N/events, N going round MACHINES machines (64 unless
-- set), so that the connections drive different machines. With PACE_MS set, each connection waits that long
-- between its requests, which fixes the offered rate at about connections x 1000 / PACE_MS per second.
-- Scripts/load-serve.sh creates the machines and runs it.
local machines = tonumber(os.getenv("MACHINES") or "64")
local pace = tonumber(os.getenv("PACE_MS") or "0")
local counter = 0

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"name": "add"}'

function request()
    counter = counter + 1
    return wrk.format(nil, "/machines/load-" .. (counter % machines) .. "/events")
end

if pace > 0 then
    function delay()
        return pace
    end
end
