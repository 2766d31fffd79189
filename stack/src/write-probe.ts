/** A write through the stack's gateway, for the tests that kill its parts under load (real-stack, replicas-stack). */

export interface Attempt {
  name: string;
  status: number;
  /** The row came back in a 200 without errors: the client was told it is written. */
  acknowledged: boolean;
  body: string;
}

/** One GraphQL insert of a practice network named `name`, as admin through the gateway at `base`. */
export async function insertNetwork(base: string, adminSecret: string, name: string): Promise<Attempt> {
  try {
    const response = await fetch(`${base}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': adminSecret },
      body: JSON.stringify({
        query:
          'mutation ($name: String!) { insert_practice_networks_one(object: { name: $name }) { id name } }',
        variables: { name },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.text();
    const acknowledged =
      response.status === 200 &&
      body.includes(`"name":${JSON.stringify(name)}`) &&
      !body.includes('"errors"');
    return { name, status: response.status, acknowledged, body };
  } catch (error) {
    return { name, status: 0, acknowledged: false, body: (error as Error).message };
  }
}
