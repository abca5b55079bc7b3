// pqsig-v2x-sim: vehicles exchanging real IEEE 1609.2 BSMs over ns-3's
// IEEE 802.11p (OCB, 6 Mb/s, one 10 MHz channel).  The only C++ of pqsig:
// ns-3 is a C++ library.  Everything about SPDUs lives in sim_engine.c
// (pqsig's C API); this file builds the ns-3 scenario, moves the engine's
// WSMs as WSMP frames (EtherType 0x88DC, LLC/SNAP) and measures the channel.
// docs/sim.md describes the model and its choices.

// ns-3.37's mac48-address.h uses memcmp without including <cstring> (../shared/notes/ns3.md).
#include <cstring>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "ns3/config.h"
#include "ns3/constant-velocity-mobility-model.h"
#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/ns2-mobility-helper.h"
#include "ns3/propagation-delay-model.h"
#include "ns3/propagation-loss-model.h"
#include "ns3/wave-mac-helper.h"
#include "ns3/wifi-80211p-helper.h"
#include "ns3/wifi-mac.h"
#include "ns3/wifi-net-device.h"
#include "ns3/wifi-phy-state.h"
#include "ns3/yans-wifi-helper.h"

extern "C" {
#include "sim_engine.h"
}

using namespace ns3;

namespace
{

constexpr uint16_t kEtherTypeWsmp = 0x88DC; // IEEE 1609.3 WSMP over LLC/SNAP
constexpr uint64_t kBsmIntervalUs = 100000; // 10 Hz (SAE J2945/1)

// Which vehicle sent a WSM and which of its BSMs it belongs to: the receiving
// application learns both from the SPDU; the tag spares the engine a decode
// before reassembly.
class BsmTag : public Tag
{
      public:
	uint32_t sender = 0;
	uint32_t seq = 0;

	static TypeId GetTypeId()
	{
		static TypeId tid = TypeId("pqsig::BsmTag").SetParent<Tag>().AddConstructor<BsmTag>();
		return tid;
	}
	TypeId GetInstanceTypeId() const override
	{
		return GetTypeId();
	}
	uint32_t GetSerializedSize() const override
	{
		return 8;
	}
	void Serialize(TagBuffer b) const override
	{
		b.WriteU32(sender);
		b.WriteU32(seq);
	}
	void Deserialize(TagBuffer b) override
	{
		sender = b.ReadU32();
		seq = b.ReadU32();
	}
	void Print(std::ostream &os) const override
	{
		os << sender << ':' << seq;
	}
};

struct Options {
	std::string profile = "ECDSA";
	std::string policy = "j2945";
	std::string p2pcd_flavour = "inline";
	std::string scenario = "highway";
	std::string out;
	std::string trace;
	std::string tx_log;
	size_t vehicles = 20;
	size_t senders = SIZE_MAX;
	double duration_s = 10;
	uint64_t seed = 1;
	double road_m = 1000;
	double jitter_ms = 5;
	double newcomer_s = 0; // > 0: the last vehicle sends its first BSM this late (a newcomer)
	double rsu_spacing_m = 0; // > 0: roadside units every this many metres (nodes after the vehicles)
	double rsu_rate_hz = 0;   // their own SPDUs per second (0: they only receive)
	size_t rsus = 0;
	std::string ns2_mobility; // SUMO trace converted by traceExporter.py (sim/sumo/make-trace.sh)
	std::string ns2_activity; // its start and stop times per vehicle
	double tx_power_dbm = 23;
	bool fading = true;
	bool wall = true;
	size_t cbr_nodes = 20;
	pqs_sim_config cfg{};
};

struct Run {
	Options opt;
	pqs_sim *sim = nullptr;
	NodeContainer nodes;
	NetDeviceContainer devs;
	std::vector<Ptr<MobilityModel>> mob;
	// trace-driven vehicles send only between their start and stop (ns-2 activity file)
	std::vector<uint64_t> active_from, active_to;
	std::mt19937_64 rng;
	double sign_us = 0;
	uint64_t end_us = 0;
	// channel busy ratio: non-idle PHY time of the traced vehicles after the warm-up
	double busy_us = 0;
	unsigned long mac_drops = 0;
	// airtime log: the size of the MPDU handed to the PHY, then its TX period
	FILE *tx_log = nullptr;
	std::vector<uint32_t> tx_mpdu;
	std::vector<uint32_t> tx_wsm;
};

Run g;

uint64_t NowUs()
{
	return static_cast<uint64_t>(Simulator::Now().GetMicroSeconds());
}

bool Active(size_t node)
{
	uint64_t t = NowUs();
	return node >= g.active_from.size() || (t >= g.active_from[node] && t < g.active_to[node]);
}

// A vehicle that has not entered or has left the trace is nobody's neighbour (no PDR, no awareness).
double Distance(size_t a, size_t b)
{
	if (!Active(a) || !Active(b))
		return 1e9;
	return CalculateDistance(g.mob[a]->GetPosition(), g.mob[b]->GetPosition());
}

void ScheduleBsm(size_t sender, uint32_t seq, uint64_t phase_us);

// Vehicles, then the RSUs: the engine's node numbering.
size_t Nodes()
{
	return g.opt.vehicles + g.opt.rsus;
}

// Vehicles send a BSM every 100 ms; an RSU sends at its own rate.
uint64_t IntervalUs(size_t sender)
{
	return sender < g.opt.vehicles ? kBsmIntervalUs : static_cast<uint64_t>(std::llround(1e6 / g.opt.rsu_rate_hz));
}

void SendFrames(size_t sender, std::vector<Ptr<Packet>> pkts)
{
	Ptr<NetDevice> dev = g.devs.Get(sender);
	for (auto &p : pkts) {
		if (g.tx_log && sender == 0)
			g.tx_wsm.push_back(p->GetSize());
		dev->Send(p, Mac48Address::GetBroadcast(), kEtherTypeWsmp);
	}
}

// The engine's last n WSMs as packets, tagged with their sender (and BSM number: 0 for a PDU).
std::vector<Ptr<Packet>> EnginePackets(size_t sender, uint32_t seq, size_t n)
{
	std::vector<Ptr<Packet>> pkts;
	for (size_t i = 0; i < n; i++) {
		size_t len = 0;
		const uint8_t *w = pqs_sim_wsm(g.sim, i, &len);
		Ptr<Packet> p = Create<Packet>(w, static_cast<uint32_t>(len));
		BsmTag tag;
		tag.sender = static_cast<uint32_t>(sender);
		tag.seq = seq;
		p->AddPacketTag(tag);
		pkts.push_back(p);
	}
	return pkts;
}

// BSM seq of a vehicle is due at phase + seq * 100 ms (nominal) and leaves the application up
// to jitter later; the SPDU is then signed, and its WSMs go to the MAC once it is.
void Bsm(size_t sender, uint32_t seq, uint64_t phase_us)
{
	uint64_t t = NowUs();
	std::vector<double> dist(Nodes());
	for (size_t j = 0; j < Nodes(); j++)
		dist[j] = Distance(sender, j);
	size_t n = pqs_sim_bsm_build(g.sim, sender, seq, t, dist.data());
	if (n == 0) {
		std::fprintf(stderr, "pqsig-v2x-sim: signing BSM %u of vehicle %zu failed\n", seq, sender);
		std::exit(2);
	}
	// the frames leave once the SPDU is signed: the signing time measured on this machine
	Simulator::Schedule(MicroSeconds(static_cast<int64_t>(std::llround(g.sign_us))), &SendFrames, sender,
			    EnginePackets(sender, seq, n));
	ScheduleBsm(sender, seq + 1, phase_us);
}

// Separate P2PCD flavour: the node's answers that fell due go out as Peer2Peer PDUs (PSID 0x88) in
// WSMs of their own, with no signing (a Peer2Peer PDU is unsecured data, 1609.2 clause 8.4).
void SendPdus(size_t node)
{
	size_t n;
	while ((n = pqs_sim_pdu_build(g.sim, node, NowUs())) != 0) {
		if (n == SIZE_MAX) {
			std::fprintf(stderr, "pqsig-v2x-sim: the Peer2Peer PDU of node %zu failed\n", node);
			std::exit(2);
		}
		SendFrames(node, EnginePackets(node, 0, n));
	}
}

// The engine: an answer of this node falls due at t_us.
void SchedulePdu(void *, size_t node, uint64_t t_us)
{
	uint64_t now = NowUs();
	Simulator::Schedule(MicroSeconds(static_cast<int64_t>(t_us > now ? t_us - now : 0)), &SendPdus, node);
}

void ScheduleBsm(size_t sender, uint32_t seq, uint64_t phase_us)
{
	uint64_t nominal = phase_us + static_cast<uint64_t>(seq) * IntervalUs(sender);
	if (nominal >= g.end_us || (sender < g.active_to.size() && nominal >= g.active_to[sender]))
		return;
	std::uniform_real_distribution<double> jit(0, g.opt.jitter_ms * 1000);
	uint64_t at = nominal + static_cast<uint64_t>(jit(g.rng));
	Simulator::Schedule(MicroSeconds(static_cast<int64_t>(at - NowUs())), &Bsm, sender, seq, phase_us);
}

void Receive(Ptr<NetDevice> dev, Ptr<const Packet> p, uint16_t, const Address &, const Address &, NetDevice::PacketType)
{
	BsmTag tag;
	if (!p->PeekPacketTag(tag))
		return;
	size_t receiver = dev->GetNode()->GetId();
	std::vector<uint8_t> buf(p->GetSize());
	p->CopyData(buf.data(), static_cast<uint32_t>(buf.size()));
	pqs_sim_receive(g.sim, receiver, tag.sender, tag.seq, buf.data(), buf.size(), NowUs());
}

void Awareness()
{
	size_t n = Nodes();
	std::vector<double> d(n * n);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i; j < n; j++)
			d[i * n + j] = d[j * n + i] = Distance(i, j);
	pqs_sim_sample_awareness(g.sim, NowUs(), d.data());
	if (NowUs() + kBsmIntervalUs <= g.end_us)
		Simulator::Schedule(MicroSeconds(kBsmIntervalUs), &Awareness);
}

void PhyState(size_t node, Time start, Time duration, WifiPhyState state)
{
	if (node == 0 && g.tx_log && state == WifiPhyState::TX && !g.tx_mpdu.empty()) {
		std::fprintf(g.tx_log, "%u %u %" PRId64 "\n", g.tx_wsm.empty() ? 0u : g.tx_wsm.front(),
			     g.tx_mpdu.front(), duration.GetMicroSeconds());
		g.tx_mpdu.erase(g.tx_mpdu.begin());
		if (!g.tx_wsm.empty())
			g.tx_wsm.erase(g.tx_wsm.begin());
	}
	if (node >= g.opt.cbr_nodes || state == WifiPhyState::IDLE)
		return;
	double a = std::max<double>(start.GetMicroSeconds(), (double)g.opt.cfg.warmup_us);
	double b = std::min<double>((start + duration).GetMicroSeconds(), (double)g.end_us);
	if (b > a)
		g.busy_us += b - a;
}

void PhyTxBegin(Ptr<const Packet> p, double)
{
	g.tx_mpdu.push_back(p->GetSize());
}

void MacTxDrop(Ptr<const Packet>)
{
	g.mac_drops++;
}

// Highway: lanes 4 m apart, half of them each way, 25-35 m/s.  Urban: a grid of
// streets 150 m apart over a square of side road_m / 2, 8-14 m/s along the street.
void PlaceVehicles()
{
	std::uniform_real_distribution<double> u(0, 1);
	if (!g.opt.ns2_mobility.empty()) {
		Ns2MobilityHelper ns2(g.opt.ns2_mobility);
		ns2.Install(g.nodes.Begin(), g.nodes.Begin() + static_cast<long>(g.opt.vehicles));
		for (size_t i = 0; i < g.opt.vehicles; i++)
			g.mob.push_back(g.nodes.Get(static_cast<uint32_t>(i))->GetObject<MobilityModel>());
	}
	for (size_t i = g.mob.size(); i < g.opt.vehicles; i++) {
		Ptr<ConstantVelocityMobilityModel> m = CreateObject<ConstantVelocityMobilityModel>();
		if (g.opt.scenario == "urban") {
			double side = g.opt.road_m / 2;
			size_t streets = static_cast<size_t>(side / 150) + 1;
			double street = 150.0 * static_cast<double>(static_cast<size_t>(u(g.rng) * streets) % streets);
			double along = u(g.rng) * side;
			double v = (8 + 6 * u(g.rng)) * (u(g.rng) < 0.5 ? -1 : 1);
			bool horizontal = u(g.rng) < 0.5;
			m->SetPosition(horizontal ? Vector(along, street, 1.5) : Vector(street, along, 1.5));
			m->SetVelocity(horizontal ? Vector(v, 0, 0) : Vector(0, v, 0));
		} else {
			size_t lane = static_cast<size_t>(u(g.rng) * 6) % 6;
			double dir = lane < 3 ? 1 : -1;
			m->SetPosition(Vector(u(g.rng) * g.opt.road_m, 4.0 * static_cast<double>(lane), 1.5));
			m->SetVelocity(Vector(dir * (25 + 10 * u(g.rng)), 0, 0));
		}
		g.nodes.Get(i)->AggregateObject(m);
		g.mob.push_back(m);
	}
	// RSUs: fixed, 5 m beside the road (highway) or the first street (urban), 6 m high, every
	// rsu_spacing_m starting half a spacing in
	double extent = g.opt.scenario == "urban" ? g.opt.road_m / 2 : g.opt.road_m;
	for (size_t k = 0; k < g.opt.rsus; k++) {
		Ptr<ConstantVelocityMobilityModel> m = CreateObject<ConstantVelocityMobilityModel>();
		double x = std::min(extent, (static_cast<double>(k) + 0.5) * g.opt.rsu_spacing_m);
		m->SetPosition(Vector(x, -5, 6));
		g.nodes.Get(static_cast<uint32_t>(g.opt.vehicles + k))->AggregateObject(m);
		g.mob.push_back(m);
	}
}

void BuildChannel()
{
	YansWifiChannelHelper ch;
	ch.SetPropagationDelay("ns3::ConstantSpeedPropagationDelayModel");
	// Log-distance in three ranges (exponents 1.9 / 3.8 / 3.8 from 200 / 500 m), reference loss at 1 m
	// for 5.9 GHz: 20 log10(4 pi / lambda) = 47.86 dB; Nakagami fading (m = 1.5 / 0.75 / 0.75).
	ch.AddPropagationLoss("ns3::ThreeLogDistancePropagationLossModel", "ReferenceLoss", DoubleValue(47.86));
	if (g.opt.fading)
		ch.AddPropagationLoss("ns3::NakagamiPropagationLossModel");
	YansWifiPhyHelper phy;
	phy.SetChannel(ch.Create());
	phy.Set("TxPowerStart", DoubleValue(g.opt.tx_power_dbm));
	phy.Set("TxPowerEnd", DoubleValue(g.opt.tx_power_dbm));
	NqosWaveMacHelper mac = NqosWaveMacHelper::Default();
	Wifi80211pHelper wifi = Wifi80211pHelper::Default();
	wifi.SetRemoteStationManager("ns3::ConstantRateWifiManager", "DataMode", StringValue("OfdmRate6MbpsBW10MHz"),
				     "NonUnicastMode", StringValue("OfdmRate6MbpsBW10MHz"));
	g.devs = wifi.Install(phy, mac, g.nodes);
	wifi.AssignStreams(g.devs, 0);
	for (size_t i = 0; i < Nodes(); i++) {
		Ptr<WifiNetDevice> d = DynamicCast<WifiNetDevice>(g.devs.Get(i));
		g.nodes.Get(i)->RegisterProtocolHandler(MakeCallback(&Receive), kEtherTypeWsmp, d);
		d->GetPhy()->GetState()->TraceConnectWithoutContext("State", MakeBoundCallback(&PhyState, i));
		if (i == 0)
			d->GetPhy()->TraceConnectWithoutContext("PhyTxBegin", MakeCallback(&PhyTxBegin));
		d->GetMac()->TraceConnectWithoutContext("MacTxDrop", MakeCallback(&MacTxDrop));
	}
}

const char *const kUsage =
	"usage: pqsig-v2x-sim [--profile P] [--policy cert|digest|j2945|p2pcd] [--p2pcd-flavour inline|separate]\n"
	"       [--vehicles N] [--duration S]\n"
	"       [--warmup S] [--seed N] [--scenario highway|urban] [--road-length M] [--senders K] [--real-verifiers K]\n"
	"       [--ns2-mobility FILE [--ns2-activity FILE]] [--newcomer S] [--rsu-spacing M] [--rsu-rate HZ] [--payload-size B] [--limit B] [--jitter-ms J] [--tx-power DBM] [--no-fading]\n"
	"       [--sign-us X] [--verify-cold-us X] [--verify-warm-us X] [--cbr-nodes K] [--no-wall]\n"
	"       [--trace FILE] [--tx-log FILE] [--drop R:S:SEQ:INDEX] [-o FILE]\n"
	"Runs one ns-3 802.11p scenario with real pqsig SPDUs and prints its metrics as JSON (docs/sim.md).\n"
	"example: pqsig-v2x-sim --profile ECDSA/FN-DSA-512 --policy j2945 --vehicles 100 --duration 10\n";

bool ParseNumber(const char *s, double lo, double hi, double *v)
{
	char *end = nullptr;
	double x = std::strtod(s, &end);
	if (!s[0] || *end || !(x >= lo && x <= hi))
		return false;
	*v = x;
	return true;
}

// Returns 0 to go on, 1 after --help, 2 on a bad option (one line on stderr).
int ParseOptions(int argc, char **argv, Options *o)
{
	pqs_sim_config_default(&o->cfg);
	for (int i = 1; i < argc; i++) {
		std::string a = argv[i];
		if (a == "--help" || a == "-h") {
			std::fputs(kUsage, stdout);
			return 1;
		}
		if (a == "--no-fading" || a == "--no-wall") {
			(a == "--no-fading" ? o->fading : o->wall) = false;
			continue;
		}
		if (i + 1 >= argc) {
			std::fprintf(stderr, "pqsig-v2x-sim: unknown option or missing value: %s\n", a.c_str());
			return 2;
		}
		const char *v = argv[++i];
		double x = 0;
		bool ok = true;
		if (a == "--profile")
			o->profile = v;
		else if (a == "--policy")
			ok = pqs_sim_policy_parse(v) >= 0, o->policy = v;
		else if (a == "--p2pcd-flavour")
			ok = std::string(v) == "inline" || std::string(v) == "separate", o->p2pcd_flavour = v;
		else if (a == "--scenario")
			ok = std::string(v) == "highway" || std::string(v) == "urban", o->scenario = v;
		else if (a == "-o")
			o->out = v;
		else if (a == "--trace")
			o->trace = v;
		else if (a == "--tx-log")
			o->tx_log = v;
		else if (a == "--vehicles" && (ok = ParseNumber(v, 2, 5000, &x)))
			o->vehicles = static_cast<size_t>(x);
		else if (a == "--senders" && (ok = ParseNumber(v, 1, 5000, &x)))
			o->senders = static_cast<size_t>(x);
		else if (a == "--duration" && (ok = ParseNumber(v, 0.1, 3600, &x)))
			o->duration_s = x;
		else if (a == "--warmup" && (ok = ParseNumber(v, 0, 3600, &x)))
			o->cfg.warmup_us = static_cast<uint64_t>(std::llround(x * 1e6));
		else if (a == "--seed" && (ok = ParseNumber(v, 1, 4294967295.0, &x)))
			o->seed = static_cast<uint64_t>(x);
		else if (a == "--road-length" && (ok = ParseNumber(v, 10, 100000, &x)))
			o->road_m = x;
		else if (a == "--real-verifiers" && (ok = ParseNumber(v, 0, 5000, &x)))
			o->cfg.real_verifiers = static_cast<size_t>(x);
		else if (a == "--payload-size" && (ok = ParseNumber(v, 8, 4096, &x)))
			o->cfg.payload_len = static_cast<size_t>(x);
		else if (a == "--limit" && (ok = ParseNumber(v, 64, 2302, &x)))
			o->cfg.wsm_limit = static_cast<size_t>(x);
		else if (a == "--newcomer" && (ok = ParseNumber(v, 0, 3600, &x)))
			o->newcomer_s = x;
		else if (a == "--ns2-mobility")
			o->ns2_mobility = v;
		else if (a == "--ns2-activity")
			o->ns2_activity = v;
		else if (a == "--rsu-spacing" && (ok = ParseNumber(v, 10, 100000, &x)))
			o->rsu_spacing_m = x;
		else if (a == "--rsu-rate" && (ok = ParseNumber(v, 0, 100, &x)))
			o->rsu_rate_hz = x;
		else if (a == "--jitter-ms" && (ok = ParseNumber(v, 0, 50, &x)))
			o->jitter_ms = x;
		else if (a == "--tx-power" && (ok = ParseNumber(v, -10, 33, &x)))
			o->tx_power_dbm = x;
		else if (a == "--sign-us" && (ok = ParseNumber(v, 0, 1e6, &x)))
			o->cfg.sign_us = x;
		else if (a == "--verify-cold-us" && (ok = ParseNumber(v, 0, 1e6, &x)))
			o->cfg.verify_cold_us = x;
		else if (a == "--verify-warm-us" && (ok = ParseNumber(v, 0, 1e6, &x)))
			o->cfg.verify_warm_us = x;
		else if (a == "--cbr-nodes" && (ok = ParseNumber(v, 0, 5000, &x)))
			o->cbr_nodes = static_cast<size_t>(x);
		else if (a == "--drop") {
			unsigned long r = 0, s = 0, q = 0, k = 0;
			ok = std::sscanf(v, "%lu:%lu:%lu:%lu", &r, &s, &q, &k) == 4;
			o->cfg.drop_receiver = r, o->cfg.drop_sender = s, o->cfg.drop_seq = static_cast<uint32_t>(q);
			o->cfg.drop_index = k;
		} else if (ok) {
			std::fprintf(stderr, "pqsig-v2x-sim: unknown option %s (see --help)\n", a.c_str());
			return 2;
		}
		if (!ok) {
			std::fprintf(stderr, "pqsig-v2x-sim: bad value for %s: %s\n", a.c_str(), v);
			return 2;
		}
	}
	return 0;
}

// Digits at s[*pos] as a node index (at most 1e6, the scenario's own bound); advances *pos.
// false if there are none or the number is too large: no trace line can make the parser throw.
bool ParseIndex(const std::string &s, size_t *pos, size_t *out)
{
	size_t i = *pos, v = 0;
	while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
		v = v * 10 + static_cast<size_t>(s[i] - '0');
		if (v > 1000000)
			return false;
		i++;
	}
	if (i == *pos)
		return false;
	*pos = i;
	*out = v;
	return true;
}

// Vehicles of an ns-2 mobility trace: one more than the largest $node_(i).  0 if unreadable.
size_t TraceVehicles(const std::string &path)
{
	std::ifstream in(path);
	std::string line;
	size_t n = 0;
	while (std::getline(in, line)) {
		size_t pos = line.find("$node_(");
		size_t i;
		if (pos == std::string::npos)
			continue;
		pos += 7;
		if (ParseIndex(line, &pos, &i) && pos < line.size() && line[pos] == ')')
			n = std::max<size_t>(n, i + 1);
	}
	return n;
}

// traceExporter.py's activity file: $ns_ at T "$g(i) start" / "... stop".  false if unreadable.
bool ReadActivity(const std::string &path, size_t vehicles)
{
	std::ifstream in(path);
	if (!in)
		return false;
	g.active_from.assign(vehicles, UINT64_MAX);
	g.active_to.assign(vehicles, UINT64_MAX);
	std::string line;
	while (std::getline(in, line)) {
		size_t at = line.find(" at ");
		size_t g_open = line.find("\"$g(");
		if (at == std::string::npos || g_open == std::string::npos || g_open < at)
			continue;
		char *end = nullptr;
		const char *t_text = line.c_str() + at + 4;
		double seconds = std::strtod(t_text, &end);
		if (end == t_text || !(seconds >= 0.0 && seconds < 1e9))
			continue;
		size_t pos = g_open + 4, i;
		if (!ParseIndex(line, &pos, &i) || line.compare(pos, 2, ") ") != 0)
			continue;
		pos += 2;
		const bool start = line.compare(pos, 6, "start\"") == 0;
		if (!start && line.compare(pos, 5, "stop\"") != 0)
			continue;
		if (i >= vehicles)
			return false;
		uint64_t t = static_cast<uint64_t>(std::llround(seconds * 1e6));
		(start ? g.active_from : g.active_to)[i] = t;
	}
	return true;
}

} // namespace

int main(int argc, char **argv)
{
	auto wall0 = std::chrono::steady_clock::now();
	int rc = ParseOptions(argc, argv, &g.opt);
	if (rc)
		return rc == 1 ? 0 : 2;
	Options &o = g.opt;
	if (!o.ns2_mobility.empty()) {
		o.vehicles = TraceVehicles(o.ns2_mobility);
		if (o.vehicles < 2) {
			std::fprintf(stderr, "pqsig-v2x-sim: %s: not an ns-2 mobility trace with two vehicles or more\n",
				     o.ns2_mobility.c_str());
			return 2;
		}
		if (!o.ns2_activity.empty() && !ReadActivity(o.ns2_activity, o.vehicles)) {
			std::fprintf(stderr, "pqsig-v2x-sim: %s: not an ns-2 activity file for that trace\n",
				     o.ns2_activity.c_str());
			return 2;
		}
	}
	o.cfg.profile = o.profile.c_str();
	o.cfg.policy = static_cast<pqs_sim_policy>(pqs_sim_policy_parse(o.policy.c_str()));
	if (o.p2pcd_flavour == "separate") {
		if (o.cfg.policy != PQS_SIM_POLICY_P2PCD) {
			std::fprintf(stderr, "pqsig-v2x-sim: --p2pcd-flavour applies to --policy p2pcd only\n");
			return 2;
		}
		o.cfg.p2pcd_flavour = V2X_P2PCD_SEPARATE;
		o.cfg.schedule_pdu = &SchedulePdu;
	}
	if (o.rsu_spacing_m > 0) {
		double extent = o.scenario == "urban" ? o.road_m / 2 : o.road_m;
		o.rsus = static_cast<size_t>(std::ceil(extent / o.rsu_spacing_m - 0.5));
		o.rsus = std::max<size_t>(o.rsus, 1);
	}
	o.cfg.n_vehicles = o.vehicles;
	o.cfg.n_nodes = o.vehicles + o.rsus;
	o.cfg.seed = o.seed;
	if (o.newcomer_s > 0)
		o.cfg.newcomer = o.vehicles - 1; // the last vehicle arrives late (below)
	o.cfg.real_verifiers = std::min(o.cfg.real_verifiers, o.vehicles + o.rsus);
	o.cbr_nodes = std::min(o.cbr_nodes, o.vehicles);
	g.end_us = static_cast<uint64_t>(std::llround(o.duration_s * 1e6));
	if (o.cfg.warmup_us >= g.end_us)
		o.cfg.warmup_us = g.end_us / 4;
	FILE *trace = o.trace.empty() ? nullptr : std::fopen(o.trace.c_str(), "w");
	g.tx_log = o.tx_log.empty() ? nullptr : std::fopen(o.tx_log.c_str(), "w");
	if ((!o.trace.empty() && !trace) || (!o.tx_log.empty() && !g.tx_log)) {
		std::fprintf(stderr, "pqsig-v2x-sim: cannot write %s\n", trace ? o.tx_log.c_str() : o.trace.c_str());
		return 2;
	}
	o.cfg.trace = trace;
	char err[256];
	g.sim = pqs_sim_create(&o.cfg, err, sizeof err);
	if (!g.sim) {
		std::fprintf(stderr, "pqsig-v2x-sim: %s\n", err);
		return 2;
	}
	double cold = 0, warm = 0;
	pqs_sim_cpu_times(g.sim, &g.sign_us, &cold, &warm);

	RngSeedManager::SetSeed(1);
	RngSeedManager::SetRun(o.seed);
	g.rng.seed(o.seed);
	g.nodes.Create(static_cast<uint32_t>(Nodes()));
	PlaceVehicles();
	BuildChannel();
	std::uniform_real_distribution<double> phase(0, static_cast<double>(kBsmIntervalUs));
	for (size_t i = 0; i < o.vehicles && i < o.senders; i++) {
		uint64_t late = i + 1 == o.vehicles ? static_cast<uint64_t>(std::llround(o.newcomer_s * 1e6)) : 0;
		if (i < g.active_from.size())
			late = std::max(late, std::min(g.active_from[i], g.end_us)); // never started: never sends
		ScheduleBsm(i, 0, late + static_cast<uint64_t>(phase(g.rng)));
	}
	for (size_t k = 0; o.rsu_rate_hz > 0 && k < o.rsus; k++) {
		std::uniform_real_distribution<double> rsu_phase(0, static_cast<double>(IntervalUs(o.vehicles + k)));
		ScheduleBsm(o.vehicles + k, 0, static_cast<uint64_t>(rsu_phase(g.rng)));
	}
	Simulator::Schedule(MicroSeconds(static_cast<int64_t>(o.cfg.warmup_us)), &Awareness);
	// run past the last BSM so that its frames and verifications finish
	Simulator::Stop(MicroSeconds(static_cast<int64_t>(g.end_us + 200000)));
	Simulator::Run();
	pqs_sim_finish(g.sim, g.end_us + 200000);

	pqs_sim_channel ch{};
	ch.scenario = o.ns2_mobility.empty() ? o.scenario.c_str() : "sumo-trace";
	ch.seed = o.seed;
	ch.duration_s = o.duration_s;
	ch.cbr_nodes = o.cbr_nodes;
	double span = static_cast<double>(g.end_us - o.cfg.warmup_us) * static_cast<double>(o.cbr_nodes);
	ch.cbr = span > 0 ? g.busy_us / span : 0;
	ch.mac_drops = g.mac_drops;
	ch.wall_s = o.wall ? std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count() : -1;
	FILE *out = o.out.empty() ? stdout : std::fopen(o.out.c_str(), "w");
	if (!out) {
		std::fprintf(stderr, "pqsig-v2x-sim: cannot write %s\n", o.out.c_str());
		return 2;
	}
	pqs_sim_write_json(g.sim, &ch, out);
	unsigned long mismatches = pqs_sim_mismatches(g.sim);
	if (out != stdout)
		std::fclose(out);
	if (trace)
		std::fclose(trace);
	if (g.tx_log)
		std::fclose(g.tx_log);
	Simulator::Destroy();
	pqs_sim_free(g.sim);
	if (mismatches) {
		std::fprintf(stderr, "pqsig-v2x-sim: %lu real verifications disagreed with the model\n", mismatches);
		return 1;
	}
	return 0;
}
