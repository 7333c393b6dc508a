import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { mediaUrl, uploadFile } from './media';
import { storeTokens } from './session';

describe('mediaUrl', () => {
  const efile = { token: 'abcDEF123_-xyzabcDEF123_-xyzab', file_extension: 'jpg' };

  it('builds the spec read URL per size', () => {
    expect(mediaUrl(efile, 'thumb')).toBe(`/v2/media/thumb/${efile.token}.jpg`);
    expect(mediaUrl(efile)).toBe(`/v2/media/medium/${efile.token}.jpg`);
  });

  it('adds the access token for private files and the download action', () => {
    expect(mediaUrl(efile, 'full', { accessToken: 'a.b.c', download: true })).toBe(
      `/v2/media/full/${efile.token}.jpg?action=download&access_token=a.b.c`,
    );
  });

  it('gives undefined without a file', () => {
    expect(mediaUrl(null, 'thumb')).toBeUndefined();
  });
});

/** A scripted XMLHttpRequest: answers each send with the next queued response. */
class FakeXhr {
  static responses: { status: number; body: unknown }[] = [];
  static sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, headers: this.headers, body });
    const next = FakeXhr.responses.shift();
    setTimeout(() => {
      if (!next) return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = next.status;
      this.responseText = JSON.stringify(next.body);
      this.onload?.();
    }, 0);
  }
}

describe('uploadFile', () => {
  beforeEach(() => {
    FakeXhr.responses = [];
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    storeTokens({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const file = new File(['x'], 'me.png', { type: 'image/png' });

  it('sends the file with the bearer token and reports progress', async () => {
    const efile = { file_id: 1, token: 't', file_extension: 'png', original_name: 'me.png' };
    FakeXhr.responses.push({ status: 200, body: { data: efile } });
    const progress: number[] = [];
    await expect(uploadFile(file, 'cin', (p) => progress.push(p))).resolves.toEqual(efile);
    expect(FakeXhr.sent[0]?.url).toBe('/v2/media/upload?purpose=cin');
    expect(FakeXhr.sent[0]?.headers.authorization).toBe('Bearer token-1');
    expect(FakeXhr.sent[0]?.body.get('file')).toBeInstanceOf(File);
    expect(progress).toEqual([50, 100]);
  });

  it('turns an error answer into an ApiError with the server code', async () => {
    FakeXhr.responses.push({
      status: 415,
      body: { error: { code: 'INVALID_FILE_TYPE', message: 'Invalid file type.' } },
    });
    const error = await uploadFile(file, 'profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      code: 'INVALID_FILE_TYPE',
      message: 'Invalid file type.',
    });
  });

  it('reports a network failure as NETWORK', async () => {
    await expect(uploadFile(file, 'profile')).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
