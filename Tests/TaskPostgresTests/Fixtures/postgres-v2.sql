--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: tasks; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA tasks;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: meta; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.meta (
    id integer NOT NULL,
    application text NOT NULL,
    version integer NOT NULL,
    list_version bigint NOT NULL,
    CONSTRAINT meta_id_check CHECK ((id = 1))
);


--
-- Name: step; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.step (
    id bigint NOT NULL,
    author text NOT NULL,
    kind text NOT NULL,
    undone boolean DEFAULT false NOT NULL,
    task_count integer NOT NULL,
    old_text bytea,
    new_text bytea,
    from_position bigint,
    to_position bigint,
    done_at double precision
);


--
-- Name: step_number; Type: SEQUENCE; Schema: tasks; Owner: -
--

CREATE SEQUENCE tasks.step_number
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: step_task; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.step_task (
    step bigint NOT NULL,
    ordinal integer NOT NULL,
    task uuid NOT NULL,
    previous_change bigint,
    previous_done double precision,
    previous_text bytea,
    previous_favorite boolean,
    previous_created_at double precision,
    previous_foreign bytea,
    previous_removed_by bigint,
    imported_text bytea,
    imported_favorite boolean,
    imported_done double precision,
    imported_created_at double precision,
    imported_foreign bytea
);


--
-- Name: task; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.task (
    uuid uuid NOT NULL,
    "position" bigint NOT NULL,
    text bytea NOT NULL,
    is_favorite boolean DEFAULT false NOT NULL,
    done_at double precision,
    created_at double precision NOT NULL,
    created_by bigint NOT NULL,
    changed_by bigint,
    removed_by bigint,
    foreign_fields bytea
);


--
-- Data for Name: meta; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.meta VALUES (1, 'tasks', 2, 2);


--
-- Data for Name: step; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.step VALUES (1, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (2, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (3, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (4, 'alice', 'toggleFavorite', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (5, 'alice', 'toggleDone', false, 1, NULL, NULL, NULL, NULL, 1795618557.8788476);
INSERT INTO tasks.step VALUES (6, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (7, 'alice', 'move', false, 1, NULL, NULL, 17179869184, 0, NULL);
INSERT INTO tasks.step VALUES (8, 'alice', 'edit', false, 1, '\x427579206d696c6b', '\x427579206f6174206d696c6b', NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (9, 'alice', 'remove', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (11, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (12, 'alice', 'importTasks', false, 2, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (13, 'alice', 'toggleDone', false, 1, NULL, NULL, NULL, NULL, 1795618557.8871098);
INSERT INTO tasks.step VALUES (14, 'alice', 'removeDone', false, 2, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (15, 'alice', 'create', true, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (16, 'bob', 'toggleFavorite', false, 1, NULL, NULL, NULL, NULL, NULL);


--
-- Data for Name: step_task; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.step_task VALUES (1, 0, '01a21334-cfb3-73b4-8590-b04e2ebb3056', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (2, 0, '01a21334-cfb4-7673-93cd-213f032c834c', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (3, 0, '01a21334-cfb5-7712-b7ca-b19df464c285', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (4, 0, '01a21334-cfb5-7712-b7ca-b19df464c285', 3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (5, 0, '01a21334-cfb4-7673-93cd-213f032c834c', 2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (6, 0, '01a21334-cfb7-70f6-9ce2-145f798f0e01', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (7, 0, '01a21334-cfb7-70f6-9ce2-145f798f0e01', 6, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (8, 0, '01a21334-cfb3-73b4-8590-b04e2ebb3056', 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (9, 0, '01a21334-cfb4-7673-93cd-213f032c834c', 5, 1795618557.8788476, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (11, 0, '01a21334-cfbc-7580-8760-dc970a601228', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (12, 0, '01a21334-cfbd-72a1-a46c-7944495e77d8', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (12, 1, '01a21334-cfbd-72a1-a46c-7944495e77d9', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (13, 0, '01a21334-cfbc-7580-8760-dc970a601228', 11, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (14, 0, '01a21334-cfbc-7580-8760-dc970a601228', 13, 1795618557.8871098, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (14, 1, '01a21334-cfbd-72a1-a46c-7944495e77d9', 12, 1795132800, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (15, 0, '01a21334-cfc0-7759-a4c3-f868cb55d26c', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (16, 0, '01a21334-cfb7-70f6-9ce2-145f798f0e01', 7, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);


--
-- Data for Name: task; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.task VALUES ('01a21334-cfb5-7712-b7ca-b19df464c285', 12884901888, '\x43616c6c206d6f6d', true, NULL, 1795618557.8771641, 3, 4, NULL, NULL);
INSERT INTO tasks.task VALUES ('01a21334-cfb3-73b4-8590-b04e2ebb3056', 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795618557.8758059, 1, 8, NULL, NULL);
INSERT INTO tasks.task VALUES ('01a21334-cfb4-7673-93cd-213f032c834c', 8589934592, '\x5061792072656e74', false, 1795618557.8788476, 1795618557.8768368, 2, 9, 9, NULL);
INSERT INTO tasks.task VALUES ('01a21334-cfbd-72a1-a46c-7944495e77d8', 25769803776, '\x52656e6577207468652070617373706f7274202b657272616e64732040746f776e', false, NULL, 1795618557.885107, 12, 12, NULL, '\x383a746f646f2e747874313a42');
INSERT INTO tasks.task VALUES ('01a21334-cfbd-72a1-a46c-7944495e77d9', 30064771072, '\x52657475726e20746865206c69627261727920626f6f6b73', false, 1795132800, 1793491200, 12, 14, 14, NULL);
INSERT INTO tasks.task VALUES ('01a21334-cfbc-7580-8760-dc970a601228', 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, 1795618557.8871098, 1795618557.8841457, 11, 14, 14, NULL);
INSERT INTO tasks.task VALUES ('01a21334-cfc0-7759-a4c3-f868cb55d26c', 34359738368, '\x4c617374', false, NULL, 1795618557.8883758, 15, NULL, 15, NULL);
INSERT INTO tasks.task VALUES ('01a21334-cfb7-70f6-9ce2-145f798f0e01', 0, '\x57617465722074686520706c616e7473', true, NULL, 1795618557.8796344, 6, 16, NULL, NULL);


--
-- Name: step_number; Type: SEQUENCE SET; Schema: tasks; Owner: -
--

SELECT pg_catalog.setval('tasks.step_number', 16, true);


--
-- Name: meta meta_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.meta
    ADD CONSTRAINT meta_pkey PRIMARY KEY (id);


--
-- Name: step step_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.step
    ADD CONSTRAINT step_pkey PRIMARY KEY (id);


--
-- Name: step_task step_task_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.step_task
    ADD CONSTRAINT step_task_pkey PRIMARY KEY (step, ordinal);


--
-- Name: task task_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.task
    ADD CONSTRAINT task_pkey PRIMARY KEY (uuid);


--
-- Name: task task_position; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.task
    ADD CONSTRAINT task_position UNIQUE ("position") DEFERRABLE;


--
-- Name: step_author; Type: INDEX; Schema: tasks; Owner: -
--

CREATE INDEX step_author ON tasks.step USING btree (author, id);


--
-- Name: task_removed_by; Type: INDEX; Schema: tasks; Owner: -
--

CREATE INDEX task_removed_by ON tasks.task USING btree (removed_by) WHERE (removed_by IS NOT NULL);


--
-- PostgreSQL database dump complete
--


