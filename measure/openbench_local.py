#!/usr/bin/env python3
"""Helper for measure/openbench-local.sh: a local OpenBench server and worker for wingtip.

Subcommands (all run with the work directory's venv python):

  serve     run OpenBench's Django server (runserver --noreload) from a copy of
            the OpenBench checkout, with the GitHub stand-in installed;
  worker    run OpenBench's Client/client.py from a copy of Client/, with the
            GitHub stand-in installed;
  users     create the test user (enabled, approver) through the Django ORM;
  create    log in over HTTP and submit the four workloads through OpenBench's own
            web forms (/test/new/, /tune/new/, /datagen/new/); the network is
            uploaded beforehand with OpenBench's Scripts/upload_net.py;
  wait      poll the database until every workload has finished or the deadline
            passes, then print the summary; exit 1 when a workload failed.

The GitHub stand-in. OpenBench talks to GitHub in two places: the server resolves a
branch or commit through api.github.com (sha, commit message for the bench) when a
workload is created, and the worker downloads the source as
https://api.github.com/repos/<owner>/<repo>/zipball/<sha>. This machine has no
GitHub, so both processes run with `requests.get` wrapped: requests for
api.github.com/repos/<owner>/<repo>/{branches,commits,compare,zipball}/... are
answered from a local git repository (a clone of this repository in the work
directory), the zipball with `git archive --format=zip` of that commit. Every
other URL goes to the real `requests.get`. Nothing in the OpenBench checkout is
changed; the wrap exists only inside these two processes.
"""

import argparse
import io
import json
import os
import re
import runpy
import subprocess
import sys
import time

GITHUB_API = re.compile(
    r'^https://api\.github\.com/repos/(?P<owner>[^/]+)/(?P<repo>[^/]+)/'
    r'(?P<kind>branches|commits|compare|zipball)/(?P<ref>.+?)/?$')


def git(repo, *args, binary=False):
    out = subprocess.run(['git', '--git-dir', repo, *args], check=True,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    return out if binary else out.decode('utf-8')


def resolve(repo, ref):
    try:
        return git(repo, 'rev-parse', '--verify', '--quiet', ref + '^{commit}').strip()
    except subprocess.CalledProcessError:
        return None


def install_github_shim(repo, log=None):
    """Answer GitHub's API and zipball URLs from the local git repository `repo`."""
    import requests

    real_get = requests.get

    def response(status, body, content_type='application/json'):
        r = requests.models.Response()
        r.status_code = status
        r._content = body if isinstance(body, bytes) else json.dumps(body).encode()
        r.headers['Content-Type'] = content_type
        r.encoding = 'utf-8'
        return r

    def commit_json(sha):
        message = git(repo, 'log', '-1', '--format=%B', sha)
        return {'sha': sha, 'commit': {'message': message}}

    def local_get(url, *args, **kwargs):
        m = GITHUB_API.match(url)
        if not m:
            return real_get(url, *args, **kwargs)
        kind, ref = m.group('kind'), m.group('ref')
        if log:
            print('[github stand-in] %s %s' % (kind, ref), file=log, flush=True)
        if kind == 'branches':
            sha = resolve(repo, 'refs/heads/' + ref)
            if not sha:
                return response(404, {'message': 'Branch not found'})
            return response(200, {'name': ref, 'commit': commit_json(sha)})
        if kind == 'commits':
            sha = resolve(repo, ref)
            if not sha:
                return response(422, {'message': 'No commit found for SHA: ' + ref})
            return response(200, commit_json(sha))
        if kind == 'compare':
            base, _, head = ref.partition('...')
            a, b = resolve(repo, base), resolve(repo, head)
            if not a or not b:
                return response(404, {'message': 'Not Found'})
            ahead = int(git(repo, 'rev-list', '--count', '%s..%s' % (a, b)))
            return response(200, {'ahead_by': ahead})
        sha = resolve(repo, ref)
        if not sha:
            return response(404, b'Not Found', 'text/plain')
        prefix = '%s-%s-%s/' % (m.group('owner'), m.group('repo'), sha[:7])
        data = git(repo, 'archive', '--format=zip', '--prefix=' + prefix, sha, binary=True)
        return response(200, data, 'application/zip')

    requests.get = local_get
    requests.api.get = local_get


# ---------------------------------------------------------------- serve / worker

def cmd_serve(args):
    install_github_shim(args.repo, sys.stdout)
    os.chdir(args.ob)
    sys.path.insert(0, args.ob)
    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'OpenSite.settings')
    from django.core.management import execute_from_command_line
    execute_from_command_line(['manage.py', 'runserver', '--noreload', args.addr])


def cmd_worker(args):
    install_github_shim(args.repo, sys.stdout)
    client = os.path.join(args.ob, 'Client')
    os.chdir(client)
    sys.path.insert(0, client)
    sys.argv = [os.path.join(client, 'client.py'),
                '-U', args.user, '-P', args.password, '-S', args.server,
                '-T', str(args.threads), '-N', '1', '-I', 'local',
                '--fleet', '--no-client-downloads']
    runpy.run_path(sys.argv[0], run_name='__main__')


# ---------------------------------------------------------------- Django ORM

def django_setup(ob):
    os.chdir(ob)
    sys.path.insert(0, ob)
    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'OpenSite.settings')
    import django
    django.setup()


def cmd_users(args):
    django_setup(args.ob)
    from django.contrib.auth.models import User
    from OpenBench.models import Profile
    user = User.objects.filter(username=args.user).first()
    if not user:
        user = User.objects.create_user(args.user, 'local@localhost', args.password)
    profile, _ = Profile.objects.get_or_create(user=user)
    profile.enabled = profile.approver = True
    profile.save()
    print('user %s: enabled, approver' % args.user)


# ---------------------------------------------------------------- HTTP forms

def page_message(html, kind):
    m = re.search(r'<div class="%s-message">\s*<pre>(.*?)</pre>' % kind, html, re.DOTALL)
    return m.group(1).strip() if m else None


def web_login(server, user, password):
    import requests
    s = requests.Session()
    s.get(server + '/login/').raise_for_status()
    r = s.post(server + '/login/', data={
        'username': user, 'password': password,
        'csrfmiddlewaretoken': s.cookies['csrftoken']},
        headers={'Referer': server + '/login/'})
    if page_message(r.text, 'error'):
        raise SystemExit('login failed: ' + page_message(r.text, 'error'))
    return s


def submit(s, server, endpoint, form):
    s.get(server + endpoint).raise_for_status()
    data = dict(form, csrfmiddlewaretoken=s.cookies['csrftoken'])
    r = s.post(server + endpoint, data=data, headers={'Referer': server + endpoint})
    error = page_message(r.text, 'error')
    if error:
        raise SystemExit('%s refused the workload: %s' % (endpoint, error))
    return r


def cmd_create(args):
    spec = json.load(open(args.spec))
    engine = json.load(open(os.path.join(args.ob, 'Engines', 'wingtip.json')))
    s = web_login(args.server, args.user, args.password)
    test_preset = dict(engine['test_presets'].get('default', {}), **engine['test_presets']['STC'])
    tune_preset = dict(engine['tune_presets'].get('default', {}), **engine['tune_presets']['STC'])
    datagen_preset = dict(engine['datagen_presets'].get('default', {}),
                          **engine['datagen_presets'].get(spec['datagen']['preset'], {}))

    common = {
        'upload_pgns': 'FALSE', 'throughput': '1000',
        'syzygy_wdl': 'DISABLED', 'syzygy_adj': 'OPTIONAL',
        'scale_method': 'BASE', 'scale_nps': str(engine['nps']), 'info': '',
    }

    def side(prefix, d, preset):
        return {
            prefix + '_engine': 'wingtip', prefix + '_repo': spec['repo_url'],
            prefix + '_branch': d['branch'], prefix + '_bench': str(d['bench']),
            prefix + '_network': d.get('network', ''),
            prefix + '_options': preset.get('both_options', preset.get('dev_options')),
            prefix + '_time_control': d['tc'],
        }

    created = []

    # (a) SPRT between two commits, (b) fixed games with a network on the dev side
    for key in ('sprt', 'network'):
        t = spec[key]
        form = dict(common, **side('dev', t['dev'], test_preset), **side('base', t['base'], test_preset))
        form.update({
            'book_name': spec['book'], 'priority': str(t['priority']),
            'workload_size': str(t['workload_size']),
            'win_adj': test_preset['win_adj'], 'draw_adj': test_preset['draw_adj'],
            'test_mode': t['mode'],
            'test_bounds': t.get('bounds', 'N/A'), 'test_confidence': t.get('confidence', 'N/A'),
            'test_max_games': str(t.get('max_games', '')),
        })
        submit(s, args.server, '/test/new/', form)
        created.append(key)

    # (c) SPSA over the pasteable parameter file
    t = spec['spsa']
    params = open(t['params']).read().strip('\n')
    form = dict(common, **side('dev', t['dev'], tune_preset))
    form.update({
        'book_name': spec['book'], 'priority': str(t['priority']),
        'win_adj': tune_preset['win_adj'], 'draw_adj': tune_preset['draw_adj'],
        'spsa_inputs': params, 'spsa_reporting_type': t['reporting'],
        'spsa_distribution_type': 'SINGLE', 'spsa_alpha': '0.602', 'spsa_gamma': '0.101',
        'spsa_A_ratio': '0.1', 'spsa_iterations': str(t['iterations']),
        'spsa_pairs_per': str(t['pairs_per']),
    })
    submit(s, args.server, '/tune/new/', form)
    created.append('spsa')

    # (d) datagen: genfens openings from the start position, fixed nodes
    t = spec['datagen']
    form = dict(common, **side('dev', t['dev'], datagen_preset), **side('base', t['dev'], datagen_preset))
    form.update({
        'book_name': 'NONE', 'priority': str(t['priority']),
        'workload_size': str(t['workload_size']),
        'win_adj': datagen_preset['win_adj'], 'draw_adj': datagen_preset['draw_adj'],
        'datagen_max_games': str(t['max_games']), 'datagen_custom_genfens': '',
        'datagen_play_reverses': 'NO',
    })
    submit(s, args.server, '/datagen/new/', form)
    created.append('datagen')

    django_setup(args.ob)
    from OpenBench.models import Test
    ids = {}
    for key, test in zip(created, Test.objects.order_by('id')):
        ids[key] = test.id
        print('created %-8s test %d: %s vs %s, %s, approved=%s' % (
            key, test.id, test.dev.name, test.base.name, test.test_mode, test.approved))
    json.dump(ids, open(args.ids, 'w'))


# ---------------------------------------------------------------- wait and report

def cmd_wait(args):
    django_setup(args.ob)
    from django.db import close_old_connections
    from OpenBench.models import LogEvent, Result, Test
    ids = json.load(open(args.ids))
    deadline = float(args.deadline)
    labels = {'sprt': '(a) SPRT', 'network': '(b) EVALFILE network',
              'spsa': '(c) SPSA', 'datagen': '(d) datagen'}
    last = None
    while True:
        close_old_connections()
        tests = {k: Test.objects.get(id=i) for k, i in ids.items()}
        state = ' '.join('%s:%d%s' % (k, t.games, '✓' if t.finished else '')
                         for k, t in tests.items())
        if state != last:
            print('[%s] %s' % (time.strftime('%H:%M:%S'), state), flush=True)
            last = state
        if all(t.finished for t in tests.values()) or time.time() > deadline:
            break
        if args.pid and not os.path.exists('/proc/%s' % args.pid):
            print('the worker exited before every workload finished', flush=True)
            break
        time.sleep(10)

    failed = False
    print('\n==== Summary ====')
    for key, t in tests.items():
        events = LogEvent.objects.filter(test_id=t.id)
        errors = [e.summary for e in events if not e.summary.startswith('CREATE')]
        results = Result.objects.filter(test=t)
        crashes = sum(r.crashes for r in results)
        timeloss = sum(r.timeloss for r in results)
        ok = t.finished and not errors and not crashes and not t.error
        failed |= not ok
        print('%s [test %d] %s: %s' % (labels[key], t.id, t.test_mode,
                                       'OK' if ok else 'FAILED'))
        print('    %s vs %s, tc %s, dev network %s' % (
            t.dev.name, t.base.name, t.dev_time_control, t.dev_netname or 'none'))
        print('    games %d  W/L/D %d/%d/%d  penta LL-LD-DD-DW-WW %d-%d-%d-%d-%d  '
              'crashes %d  time losses %d' % (
                  t.games, t.wins, t.losses, t.draws, t.LL, t.LD, t.DD, t.DW, t.WW,
                  crashes, timeloss))
        if t.test_mode == 'SPRT':
            print('    LLR %.2f (%.2f, %.2f) bounds [%.1f, %.1f]: %s' % (
                t.currentllr, t.lowerllr, t.upperllr, t.elolower, t.eloupper,
                'H1 accepted' if t.passed else 'H0 accepted' if t.failed else 'running'))
        if t.test_mode == 'SPSA':
            run = t.spsa_run
            print('    %d of %d iterations (%d pairs each)' % (
                t.games // (2 * run.pairs_per), run.iterations, run.pairs_per))
            print('    ' + ', '.join('%s %g->%.1f' % (p.name, p.start, p.value)
                                      for p in run.parameters.order_by('index')))
        if not t.finished:
            print('    not finished by the deadline')
        for e in errors:
            print('    error: %s' % e)
    sys.exit(1 if failed else 0)


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = p.add_subparsers(dest='cmd', required=True)
    for name in ('serve', 'worker', 'users', 'create', 'wait'):
        q = sub.add_parser(name)
        q.add_argument('--ob', required=True, help='the work copy of OpenBench')
        q.add_argument('--repo', help='local git dir the GitHub stand-in serves')
        q.add_argument('--server', default='http://127.0.0.1:8000')
        q.add_argument('--addr', default='127.0.0.1:8000')
        q.add_argument('--user', default='local')
        q.add_argument('--password', default='local-openbench')
        q.add_argument('--threads', type=int, default=2)
        q.add_argument('--spec')
        q.add_argument('--ids')
        q.add_argument('--deadline')
        q.add_argument('--pid', help='the worker process, to stop waiting when it exits')
    args = p.parse_args()
    {'serve': cmd_serve, 'worker': cmd_worker, 'users': cmd_users,
     'create': cmd_create, 'wait': cmd_wait}[args.cmd](args)


if __name__ == '__main__':
    main()
