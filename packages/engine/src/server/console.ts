/** The console: GraphiQL from a CDN, sending the admin secret the admin types in. */
export function graphiqlPage(): string {
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8" />
<title>GraphQL engine console</title>
<link rel="stylesheet" href="https://unpkg.com/graphiql@3/graphiql.min.css" />
<style>body{margin:0;height:100vh;display:flex;flex-direction:column}#bar{padding:6px;font:14px sans-serif}#graphiql{flex:1}</style>
</head>
<body>
<div id="bar">Admin secret: <input id="secret" type="password" /> Role: <input id="role" placeholder="admin" /></div>
<div id="graphiql"></div>
<script crossorigin src="https://unpkg.com/react@18/umd/react.production.min.js"></script>
<script crossorigin src="https://unpkg.com/react-dom@18/umd/react-dom.production.min.js"></script>
<script crossorigin src="https://unpkg.com/graphiql@3/graphiql.min.js"></script>
<script>
  const secret = document.getElementById('secret');
  const role = document.getElementById('role');
  secret.value = sessionStorage.getItem('engine-admin-secret') || '';
  secret.onchange = () => sessionStorage.setItem('engine-admin-secret', secret.value);
  const fetcher = async (params) => {
    const headers = { 'content-type': 'application/json' };
    if (secret.value) headers['x-hasura-admin-secret'] = secret.value;
    if (role.value) headers['x-hasura-role'] = role.value;
    const res = await fetch('/v1/graphql', { method: 'POST', headers, body: JSON.stringify(params) });
    return res.json();
  };
  ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher }));
</script>
</body>
</html>`;
}
