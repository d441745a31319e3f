// SPDX-License-Identifier: GPL-2.0-only
//
// book/player.js - the player page: be the scheduler of the real model
//
// The model runs in WebAssembly, one module per era (book/player.mk,
// src/sim/world/player.c), loaded on demand from reaplab-ERA.js.  Every
// click asks the module to replay the position from the start plus one
// step (src/sim/world/player.c, DOC: The player's position is a list of steps)
// and draws what it answers: the changelog diagram exactly as `reaplab
// replay` prints it, the state of the mm, the locks, the oracles.
// PLAYER_DATA (player-data.js) lists the eras, the scenarios, the
// shipped schedules and the explorer's counterexamples, made at build time.
(function () {
	'use strict';
	const app = document.getElementById('player-app');
	if (!app)
		return;
	const $ = (id) => document.getElementById(id);
	const data = window.PLAYER_DATA || { eras: [] };
	const modules = {};	// era id -> instantiated module
	let mod = null, view = null, era = null, scn = null;
	window.playerTimings = [];

	function missing(why) {
		$('pl-missing').hidden = false;
		$('pl-missing-why').textContent = why;
		$('pl-body').hidden = true;
	}

	function symOf(id) {
		return 'reaplab_era_' + id.replace(/[.-]/g, '_');
	}

	// The era's module: its script, once, then its instance.
	function loadEra(id) {
		if (modules[id])
			return modules[id];
		modules[id] = new Promise((resolve, reject) => {
			if (!window.PLAYER_MODULES)	// built without emcc
				return reject(new Error('no Emscripten'));
			const s = document.createElement('script');
			s.src = 'reaplab-' + id + '.js';
			s.onload = () => {
				const factory = window[symOf(id)];
				if (!factory)
					return reject(new Error('no module'));
				factory().then(resolve, reject);
			};
			s.onerror = () => reject(new Error('not built'));
			document.head.appendChild(s);
		});
		return modules[id];
	}

	// One call into the module; the answer is read back (player_out()).
	function call(fn, types, args) {
		const t0 = performance.now();
		mod.ccall(fn, 'number', types, args);
		const v = JSON.parse(mod.UTF8ToString(mod._player_out()));
		const t1 = performance.now();
		if (v)
			show(v);
		window.playerTimings.push({ fn: fn, ms: t1 - t0,
					    draw: performance.now() - t1 });
		return v;
	}

	function eraData(id) {
		return data.eras.find((e) => e.id === id);
	}

	function fillScenarios() {
		const e = eraData($('pl-era').value);
		const sel = $('pl-scn');
		const keep = sel.value;
		sel.innerHTML = '';
		for (const s of (e ? e.scenarios : [])) {
			if (s.verdict === 'n/a')
				continue;
			const o = document.createElement('option');
			o.value = s.name;
			o.textContent = s.name + (s.verdict !== 'clean' ?
				' (' + s.verdict + ')' : '');
			sel.appendChild(o);
		}
		if ([...sel.options].some((o) => o.value === keep))
			sel.value = keep;
	}

	function fillShipped() {
		const e = eraData(era);
		const sel = $('pl-shipped');
		sel.innerHTML = '<option value="">(a shipped schedule)</option>';
		for (const s of (e ? e.schedules : [])) {
			if (s.scenario !== scn)
				continue;
			const o = document.createElement('option');
			o.value = s.schedule;
			o.textContent = s.name + ': ' + s.schedule;
			sel.appendChild(o);
		}
		const c = (e ? e.scenarios : []).find((x) => x.name === scn);
		const b = $('pl-cex');
		b.disabled = !(c && c.counterexample);
		b.title = b.disabled ? 'the explorer finds no oracle firing in ' +
			era + '/' + scn : c.counterexample;
		b.dataset.schedule = c && c.counterexample ? c.counterexample : '';
	}

	// Go to era/scenario, then to the position @sched reaches.
	async function go(eraId, scnName, sched) {
		$('pl-status').textContent = 'loading ' + eraId + '...';
		try {
			mod = await loadEra(eraId);
		} catch (e) {
			missing(eraId + ': ' + e.message);
			return;
		}
		era = eraId;
		scn = scnName;
		$('pl-era').value = era;
		fillScenarios();
		$('pl-scn').value = scn;
		fillShipped();
		const v = call('player_load', ['string', 'string'], [era, scn]);
		if (!v) {
			$('pl-status').textContent = 'unknown era or scenario: ' +
				era + '/' + scn;
			return;
		}
		sched = resolveName(sched);
		if (sched) {
			if (!call('player_set', ['string'], [sched]))
				$('pl-status').textContent = 'that schedule does not parse: ' + sched;
		}
		if (!view || !view.note)
			$('pl-status').textContent = '';
		if (!app.dataset.ready)	// usable since the page began to load
			window.playerReadyMs = performance.now();
		app.dataset.ready = '1';
	}

	// A chapter links a position by name: a shipped schedule's name, or
	// "counterexample" for the explorer's.
	function resolveName(sched) {
		const e = eraData(era);
		if (!e || !/^[a-z][a-z0-9.-]+$/.test(sched))
			return sched;
		if (sched === 'counterexample') {
			const c = e.scenarios.find((x) => x.name === scn);
			return c ? c.counterexample : '';
		}
		const s = e.schedules.find((x) => x.scenario === scn &&
					    x.name === sched);
		return s ? s.schedule : sched;
	}

	function esc(s) {
		return s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;',
						     '>': '&gt;' })[c]);
	}

	function show(v) {
		view = v;
		// the diagram: its text as replay prints it; the lines where an
		// oracle fires in red (the text stays the same)
		const names = v.oracles.map((o) => '# ' + o.name);
		$('pl-diagram').innerHTML = v.text.split('\n').map((l) =>
			names.some((n) => l.includes(n)) ?
			'<span class="pl-fired">' + esc(l) + '</span>' : esc(l)).join('\n');
		// the newest step in sight: the diagram grows at the bottom
		$('pl-diagram').scrollTop = $('pl-diagram').scrollHeight;
		$('pl-state').textContent = v.state;
		$('pl-sched').textContent = v.schedule;
		$('pl-steps').textContent = v.steps + ' step' + (v.steps === 1 ? '' : 's') +
			(v.done ? ', the run is over' : '');
		const ora = $('pl-oracle');
		ora.innerHTML = '';
		for (const o of v.oracles) {
			const d = document.createElement('div');
			d.textContent = o.name + (o.step ? ' (step ' + o.step + ')' : '') +
				': ' + o.msg;
			ora.appendChild(d);
		}
		if (v.note)
			$('pl-status').textContent = 'the schedule stopped early: ' + v.note;
		if (v.stop) {
			const d = document.createElement('div');
			d.textContent = 'run cut short: ' + v.stop;
			ora.appendChild(d);
		}
		const box = $('pl-threads');
		box.innerHTML = '';
		v.threads.forEach((t, i) => {
			const row = document.createElement('div');
			row.className = 'pl-thread';
			const b = document.createElement('button');
			b.id = 'pl-t-' + i;
			b.textContent = t.letter + ' (' + t.name + ')';
			b.disabled = !t.can;
			b.title = t.can ? 'run one operation (shift-click: on to the next sleep or block)' : t.why;
			b.onclick = (ev) => step(i, ev.shiftKey);
			const r = document.createElement('button');
			r.id = 'pl-r-' + i;
			r.textContent = 'to sleep/block';
			r.disabled = !t.can;
			r.onclick = () => step(i, true);
			const n = document.createElement('span');
			n.className = t.can ? 'pl-next' : 'pl-why';
			n.id = 'pl-n-' + i;
			n.textContent = t.can ? 'next: ' + t.next : t.why;
			row.append(b, ' ', r, ' ', n);
			box.appendChild(row);
		});
		challenge(v);
		history.replaceState(null, '', '#' + era + '/' + scn + '/' +
				     encodeURIComponent(v.schedule).replace(/%20/g, '%20'));
	}

	// The challenge of this era and scenario: its bug's goal, checked by
	// the oracle that names it, or for a clean one the same goal as an
	// open invitation, with the size of the proof that it cannot be met.
	const GOALS = {
		'spurious-kill': 'get a second task killed while the victim\'s memory is still there to be freed',
		'use-after-free': 'make a thread touch memory that was already freed',
	};

	function challenge(v) {
		const e = eraData(era);
		const c = e && e.scenarios.find((x) => x.name === scn);
		const box = $('pl-challenge');
		if (!c) {
			box.textContent = '';
			return;
		}
		if (c.verdict === 'clean') {
			box.className = 'pl-open';
			box.textContent = 'Challenge (open): make any oracle fire in ' + era +
				'/' + scn + '.' + (c.proof ? '  The explorer\'s DPOR ran all ' +
				c.proof + ' executions of this scenario and none fires: see where you are stopped.' : '');
			return;
		}
		const goal = GOALS[c.verdict] || 'make the ' + c.verdict + ' oracle fire';
		const hit = v.oracles.some((o) => o.name === c.verdict);
		box.className = hit ? 'pl-reached' : 'pl-goal';
		if (!hit) {
			box.textContent = 'Challenge: ' + goal + ' (' + c.verdict + ').';
			return;
		}
		const m = v.text.match(/\(\d+ steps, (\d+) preemptions?\)/);
		box.textContent = 'Reached: ' + goal + '.' + (m ? '  Your schedule has ' +
			m[1] + ' preemption' + (m[1] === '1' ? '' : 's') + ';' : '') +
			(c.preemptions !== null ? ' the fewest that reach it, as the explorer found: ' +
			c.preemptions + '.' : '');
	}

	function step(i, toBlock) {
		call('player_step', ['number', 'number'], [i, toBlock ? 1 : 0]);
	}

	function fromHash() {
		const h = decodeURIComponent(location.hash.replace(/^#/, ''));
		const m = h.match(/^([^/]+)\/([^/]+)(?:\/(.*))?$/);
		return m ? { era: m[1], scn: m[2], sched: m[3] || '' } : null;
	}

	function init() {
		if (!data.eras.length) {
			missing('this book was built without the player\'s data');
			return;
		}
		const sel = $('pl-era');
		for (const e of data.eras) {
			const o = document.createElement('option');
			o.value = o.textContent = e.id;
			sel.appendChild(o);
		}
		sel.onchange = () => {
			fillScenarios();
			go(sel.value, $('pl-scn').value, '');
		};
		$('pl-scn').onchange = () => go(era, $('pl-scn').value, '');
		$('pl-shipped').onchange = () => {
			if ($('pl-shipped').value)
				call('player_set', ['string'], [$('pl-shipped').value]);
		};
		$('pl-cex').onclick = () =>
			call('player_set', ['string'], [$('pl-cex').dataset.schedule]);
		$('pl-undo').onclick = () => call('player_undo', [], []);
		$('pl-restart').onclick = () => call('player_set', ['string'], ['']);
		$('pl-copy').onclick = () => {
			const buf = $('pl-copybuf');
			buf.value = view ? view.schedule : '';
			buf.hidden = false;
			buf.select();
			let ok = false;
			try {
				ok = document.execCommand('copy');
			} catch (e) {
				ok = false;
			}
			if (!ok && navigator.clipboard)
				navigator.clipboard.writeText(buf.value).then(() => {}, () => {});
			$('pl-copied').textContent = 'copied: reaplab replay ' + era +
				' ' + scn + " '" + buf.value + "'";
		};
		window.addEventListener('hashchange', () => {
			const p = fromHash();
			if (p && (!view || p.era !== era || p.scn !== scn ||
				  p.sched !== view.schedule))
				go(p.era, p.scn, p.sched);
		});
		const p = fromHash() || { era: 'v4.9', scn: 'oom', sched: '' };
		go(p.era, p.scn, p.sched);
	}
	init();
})();
