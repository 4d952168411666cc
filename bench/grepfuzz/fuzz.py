# Differential fuzzer: agentgrep grep vs rg 13 (-j1) on bench/grepfuzz/fixtures.py's hostile files.
# python3 bench/grepfuzz/fixtures.py; AG=dist/agentgrep python3 bench/grepfuzz/fuzz.py SEED N
# Modes: --json (match/context line numbers), -c, --count-matches, -c -o, -l, --files-without-match.
import os, random, subprocess, json, sys
AG=os.environ.get('AG','/work/wt-grepfuzz/dist/agentgrep')
FX='/tmp/gf/fx'
seed=int(sys.argv[1]); N=int(sys.argv[2])
R=random.Random(seed)
LIT=['foo','FOO','Foo','a.b','x*','[x]','(y)','$x','^y','\\d','-foo','--bar','-e','foo-bar','foo_bar','k','K','\u212a','s','S','\u017f','i','I','\u0130','\u0131','\u03c3','\u03a3','\u03c2','stra\u00dfe','STRASSE','\u00df','caf\u00e9','e\u0301','\u00e9','bar','baz',' ','\t','end','o','\\\\','|s','?r','ba','FOO baz','foo\u00fc','\u00fcfoo']
RX=['^','x*','foo$','^foo','^$','^\\s*$','\\bfoo\\b','foo\\b','\\Bfoo','.','\\w+','[^a-z]','\\S+$','(?i)foo','K','k','(?-u)\\w','\\pL+','[\u00e9e]','\\x{212a}','s$','r$','\\r','.$','foo|bar','(foo)+','o{2}','\\d+','[[:alpha:]]+','^[ \\t]+$','\u03c3','(?u)\u00df','a*','\\W','$','\\bK','\u00e9\\b']
def gen():
    regex = R.random()<0.5
    pool = RX if regex else LIT
    pats=[R.choice(pool) for _ in range(R.choice([1,1,1,2,3]))]
    flags=[]
    usef = R.random()<0.15
    for f,p in [('-i',.2),('-S',.15),('-s',.05),('-w',.2),('-x',.1),('-v',.12),('-a',.15),('--crlf',.1),('-U',.08)]:
        if R.random()<p: flags.append(f)
    if R.random()<.15: flags += ['-m',str(R.choice([0,1,2,5]))]
    if R.random()<.1: flags += ['-E',R.choice(['utf-8','latin1','utf-16le','none','auto','utf-16'])]
    if R.random()<.05: flags += ['--max-filesize',R.choice(['100','1K','60K'])]
    R.shuffle(flags)
    mode=R.choice(['json','json','-c','--count-matches','-c -o','-l','--files-without-match'])
    if mode=='json' and R.random()<.3: flags += [R.choice(['-A','-B','-C']), str(R.choice([0,1,2]))]
    return regex,pats,usef,flags,mode
def rgjson(out):
    res={}
    for l in out.split('\n'):
        if not l: continue
        o=json.loads(l)
        if o['type'] in ('match','context'):
            d=o['data']; p=d['path'].get('text') or d['path'].get('bytes')
            res.setdefault(p,set()).add((o['type'][0],d['line_number']))
    return res
def agjson(out):
    o=json.loads(out); res={}
    for f in o['files']:
        s=res.setdefault(f['path'],set())
        for m in f['matches']: s.add(('m',m['line_number']))
        for c in f.get('context',[]): s.add(('c',c['line_number']))
    return {k:v for k,v in res.items() if v}
def run(cmd):
    p=subprocess.run(cmd,cwd=FX,capture_output=True,timeout=20)
    return p.returncode,p.stdout,p.stderr
stats={'ok':0,'mismatch':0,'refused':0,'both_err':0}
for i in range(N):
    regex,pats,usef,flags,mode=gen()
    pa=[]
    if usef:
        fn=f'/tmp/gf/pats_{seed}_{i}.txt'
        nl=R.choice([b'\n',b'\r\n'])
        body=nl.join(p.encode() for p in pats)
        if R.random()<.3: body+=nl+b''+nl
        open(fn,'wb').write(body+ (nl if R.random()<.5 else b''))
        pa=['-f',fn]
    else:
        for p in pats: pa+=['-e',p]
    mf=mode.split()
    rgc=['rg','--no-config','-j1']+(['-F'] if not regex else [])+flags+pa+(['--json'] if mode=='json' else mf)
    agc=[AG,'grep']+(['--regex'] if regex else [])+flags+pa+(['--json'] if mode=='json' else mf)
    try:
        r1=run(rgc)
    except subprocess.TimeoutExpired:
        stats['both_err']+=1; print('RGTIMEOUT',json.dumps(agc[2:])); continue
    try:
        r2=run(agc)
    except subprocess.TimeoutExpired:
        stats['mismatch']+=1; print('AGTIMEOUT',json.dumps(agc[2:])); continue
    if r2[0]==2 and r1[0]!=2:
        stats['refused']+=1
        print('REFUSED',json.dumps(agc[2:]),r2[2].decode(errors='replace').strip()[:200]); continue
    if r1[0]==2 and r2[0]==2: stats['both_err']+=1; continue
    try:
        if mode=='json':
            a=rgjson(r1[1].decode(errors='replace')); b=agjson(r2[1].decode(errors='replace'))
        else:
            a=sorted(r1[1].splitlines()); b=sorted(r2[1].splitlines())
    except Exception as e:
        a=('exc',str(e)); b=None
    if a!=b or r1[0]!=r2[0]:
        stats['mismatch']+=1
        diff=''
        if isinstance(a,dict):
            ks=set(a)|set(b)
            diff={k:(sorted(a.get(k,set())-b.get(k,set()))[:5],sorted(b.get(k,set())-a.get(k,set()))[:5]) for k in ks if a.get(k)!=b.get(k)}
        else: diff=(set(a)-set(b) if b is not None else a, set(b)-set(a) if b is not None else '')
        print('MISMATCH',json.dumps(agc[2:]),'rc',r1[0],r2[0],str(diff)[:600], r1[2].decode(errors='replace')[:150], r2[2].decode(errors='replace')[:150])
    else: stats['ok']+=1
print('STATS',seed,stats)
