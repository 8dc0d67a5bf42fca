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
    previous_done double precision
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
    removed_by bigint
);


--
-- Data for Name: meta; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.meta VALUES (1, 'tasks', 1, 2);


--
-- Data for Name: step; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.step VALUES (1, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (2, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (3, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (4, 'alice', 'toggleFavorite', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (5, 'alice', 'toggleDone', false, 1, NULL, NULL, NULL, NULL, 1795383687.9713998);
INSERT INTO tasks.step VALUES (6, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (7, 'alice', 'move', false, 1, NULL, NULL, 17179869184, 0, NULL);
INSERT INTO tasks.step VALUES (8, 'alice', 'edit', false, 1, '\x427579206d696c6b', '\x427579206f6174206d696c6b', NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (9, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (10, 'alice', 'remove', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (11, 'alice', 'removeDone', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (12, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (13, 'alice', 'toggleDone', false, 1, NULL, NULL, NULL, NULL, 1795383687.983591);
INSERT INTO tasks.step VALUES (14, 'alice', 'create', true, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (15, 'bob', 'toggleFavorite', false, 1, NULL, NULL, NULL, NULL, NULL);


--
-- Data for Name: step_task; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.step_task VALUES (1, 0, '01a20534-fb15-7320-b351-82882d99ba2c', NULL, NULL);
INSERT INTO tasks.step_task VALUES (2, 0, '01a20534-fb17-7152-8b99-cbcf40de995e', NULL, NULL);
INSERT INTO tasks.step_task VALUES (3, 0, '01a20534-fb1a-719f-a1d8-ff2ef1114c6a', NULL, NULL);
INSERT INTO tasks.step_task VALUES (4, 0, '01a20534-fb1a-719f-a1d8-ff2ef1114c6a', 3, NULL);
INSERT INTO tasks.step_task VALUES (5, 0, '01a20534-fb17-7152-8b99-cbcf40de995e', 2, NULL);
INSERT INTO tasks.step_task VALUES (6, 0, '01a20534-fb25-73ad-9b2c-bb3f4a1ee8bd', NULL, NULL);
INSERT INTO tasks.step_task VALUES (7, 0, '01a20534-fb25-73ad-9b2c-bb3f4a1ee8bd', 6, NULL);
INSERT INTO tasks.step_task VALUES (8, 0, '01a20534-fb15-7320-b351-82882d99ba2c', 1, NULL);
INSERT INTO tasks.step_task VALUES (9, 0, '01a20534-fb2c-7170-ac04-071dc9da9b0e', NULL, NULL);
INSERT INTO tasks.step_task VALUES (10, 0, '01a20534-fb2c-7170-ac04-071dc9da9b0e', 9, NULL);
INSERT INTO tasks.step_task VALUES (11, 0, '01a20534-fb17-7152-8b99-cbcf40de995e', 5, 1795383687.9713998);
INSERT INTO tasks.step_task VALUES (12, 0, '01a20534-fb2f-709f-ab4a-c21373d7ccb9', NULL, NULL);
INSERT INTO tasks.step_task VALUES (13, 0, '01a20534-fb2f-709f-ab4a-c21373d7ccb9', 12, NULL);
INSERT INTO tasks.step_task VALUES (14, 0, '01a20534-fb30-726f-80fe-08e6c021ee1c', NULL, NULL);
INSERT INTO tasks.step_task VALUES (15, 0, '01a20534-fb25-73ad-9b2c-bb3f4a1ee8bd', 7, NULL);


--
-- Data for Name: task; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.task VALUES ('01a20534-fb1a-719f-a1d8-ff2ef1114c6a', 12884901888, '\x43616c6c206d6f6d', true, NULL, 1795383687.9623327, 3, 4, NULL);
INSERT INTO tasks.task VALUES ('01a20534-fb15-7320-b351-82882d99ba2c', 4294967296, '\x427579206f6174206d696c6b', false, NULL, 1795383687.9570603, 1, 8, NULL);
INSERT INTO tasks.task VALUES ('01a20534-fb2c-7170-ac04-071dc9da9b0e', 17179869184, '\x4f6c64207461736b', false, NULL, 1795383687.9803777, 9, 10, 10);
INSERT INTO tasks.task VALUES ('01a20534-fb17-7152-8b99-cbcf40de995e', 8589934592, '\x5061792072656e74', false, 1795383687.9713998, 1795383687.9597225, 2, 11, 11);
INSERT INTO tasks.task VALUES ('01a20534-fb2f-709f-ab4a-c21373d7ccb9', 21474836480, '\x436166c3a920e2989520e697a5e69cac', false, 1795383687.983591, 1795383687.9833434, 12, 13, NULL);
INSERT INTO tasks.task VALUES ('01a20534-fb30-726f-80fe-08e6c021ee1c', 25769803776, '\x4c617374', false, NULL, 1795383687.9843726, 14, NULL, 14);
INSERT INTO tasks.task VALUES ('01a20534-fb25-73ad-9b2c-bb3f4a1ee8bd', 0, '\x57617465722074686520706c616e7473', true, NULL, 1795383687.973106, 6, 15, NULL);


--
-- Name: step_number; Type: SEQUENCE SET; Schema: tasks; Owner: -
--

SELECT pg_catalog.setval('tasks.step_number', 15, true);


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


